export * from "./auth.js";
export * from "./errors.js";
export * from "./organization.js";
export * from "./permissions.js";
export * from "./plans.js";
export * from "./preferences.js";
export * from "./user.js";
