import type { LightMyRequestResponse } from "fastify";
import { request, type TestApp } from "./test-app.js";

/** The `token` option of `request`, left out when there is none, so a call without one is anonymous. */
export const withToken = (token?: string) => (token ? { token } : {});

/** A caller taking `Args`, then an optional bearer token. */
type Caller<Args extends unknown[]> = (
  ...args: Args | [...Args, string | undefined]
) => Promise<LightMyRequestResponse>;

/**
 * Callers of one collection's endpoints: list and create on its path, get, update and remove on an item of it. `base`
 * builds the path from the collection's parameters (the organization, the project…), which every caller takes
 * first; the id and the body follow, then an optional token.
 */
export function resourceCalls<Path extends string[]>(t: TestApp, base: (...path: Path) => string) {
  // The path's parameters are counted from `base` itself, so it declares them plainly: no defaults, no rest.
  const arity = base.length;
  const parts = (args: unknown[], taken: number) => ({
    url: base(...(args.slice(0, arity) as Path)),
    values: args.slice(arity, arity + taken),
    token: args[arity + taken] as string | undefined,
  });

  const list: Caller<Path> = (...args) => {
    const { url, token } = parts(args, 0);
    return request(t.app, { method: "GET", url, ...withToken(token) });
  };
  const get: Caller<[...Path, string]> = (...args) => {
    const { url, values, token } = parts(args, 1);
    return request(t.app, { method: "GET", url: `${url}/${values[0]}`, ...withToken(token) });
  };
  const create: Caller<[...Path, unknown]> = (...args) => {
    const { url, values, token } = parts(args, 1);
    return request(t.app, { method: "POST", url, json: values[0], ...withToken(token) });
  };
  const update: Caller<[...Path, string, unknown]> = (...args) => {
    const { url, values, token } = parts(args, 2);
    return request(t.app, { method: "PATCH", url: `${url}/${values[0]}`, json: values[1], ...withToken(token) });
  };
  const remove: Caller<[...Path, string]> = (...args) => {
    const { url, values, token } = parts(args, 1);
    return request(t.app, { method: "DELETE", url: `${url}/${values[0]}`, ...withToken(token) });
  };
  return { list, get, create, update, remove };
}
