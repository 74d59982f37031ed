export declare const fakeGoogleClientId: string;

export interface FakeJwks {
  /** The JWKS address, to use as GOOGLE_JWKS_URL. */
  url: string;
  /** The audience of tokens signed without an explicit `aud`. */
  clientId: string;
  /** How many HTTP requests the JWKS has served. */
  readonly requests: number;
  signIdToken(claims?: Record<string, unknown>, options?: { foreignKey?: boolean }): Promise<string>;
  close(): Promise<void>;
}

export declare function startFakeJwks(options?: { port?: number; clientId?: string }): Promise<FakeJwks>;
