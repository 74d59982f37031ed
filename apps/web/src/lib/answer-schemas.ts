/**
 * The domain schemas that the first load's requests check their answers against (the configuration, the session's
 * user, a sign-in or sign-up, an error), and zod with them: fetched beside those requests rather than before the first
 * page draws (decision 016). Every other request's module imports its schema as usual.
 */
import { currentUserSchema } from "@timetrap/domain";

export { authResponseSchema, errorBodySchema, publicConfigSchema, signInResponseSchema } from "@timetrap/domain";

/**
 * `GET auth/me`. Without `enrolment_required` the session is taken as a full one: the server refuses everything but
 * enrolling to a session that is not, whatever the web believes.
 */
export const meAnswerSchema = currentUserSchema.partial({ enrolment_required: true });
