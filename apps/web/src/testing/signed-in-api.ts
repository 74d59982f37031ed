import type { User } from "@timetrap/domain";
import { buildConfig } from "./builders";
import { jsonResponse, type StubHandler, stubFetch } from "./fetch-stub";

/**
 * The API as `me` sees it once signed in: their session token stored, the config and `GET auth/me` answered,
 * and `routes` for the screen under test (a route given here replaces the default one).
 */
export function stubSignedInApi(me: User, routes: Record<string, StubHandler> = {}) {
  window.localStorage.setItem("session", JSON.stringify({ token: "tok-1" }));
  return stubFetch({
    "GET /api/v1/config": () => jsonResponse(buildConfig()),
    "GET /api/v1/auth/me": () => jsonResponse(me),
    ...routes,
  });
}
