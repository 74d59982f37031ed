/**
 * The domain schemas that the first load's requests check their answers against (the configuration, the session's
 * user, a sign-in or sign-up, an error), and zod with them: fetched beside those requests rather than before the first
 * page draws (decision 016). Every other request's module imports its schema as usual.
 */
export {
  authResponseSchema,
  currentUserSchema,
  errorBodySchema,
  publicConfigSchema,
  signInResponseSchema,
} from "@timetrap/domain";
