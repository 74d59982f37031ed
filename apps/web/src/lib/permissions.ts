import { type Action, can, type Subject } from "@timetrap/domain";
import { useSession } from "./session";

/** The signed-in user's rights, to hide what their role cannot use; the server checks them again. */
export function useCan(): (action: Action, subject: Subject) => boolean {
  const { user } = useSession();
  return (action, subject) => can(user?.role, action, subject);
}
