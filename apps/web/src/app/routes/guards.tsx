import { useEffect } from "react";
import { Navigate, Outlet, useLocation, useSearchParams } from "react-router";
import { FullPageLoader } from "../../components/full-page-loader";
import { useSession } from "../../lib/session";
import { pages } from "../pages";

interface FromState {
  from?: { pathname?: unknown; search?: unknown; hash?: unknown };
}

/** Where the login screen sends a user back to; only paths of this app are accepted. */
export function originFromState(state: unknown): string | null {
  const from = (state as FromState | null)?.from;
  if (!from || typeof from.pathname !== "string") return null;
  if (!from.pathname.startsWith("/") || from.pathname.startsWith("//")) return null;
  const search = typeof from.search === "string" ? from.search : "";
  const hash = typeof from.hash === "string" ? from.hash : "";
  return `${from.pathname}${search}${hash}`;
}

/** /user/* and /organization/*: without a session go to /login, remembering where the visitor was going. */
export function RequireSession() {
  const { initialized, user, enrolmentRequired } = useSession();
  const location = useLocation();
  // The shell's code is fetched while the stored session is being checked, not after.
  useEffect(() => {
    pages.shell.preload().catch(() => {});
  }, []);
  if (!initialized) return <FullPageLoader />;
  if (!user) return <Navigate to="/login" replace state={{ from: location }} />;
  // The session reaches nothing else until a second factor is set up (decision 018).
  if (enrolmentRequired) return <Navigate to="/two-factor/enrol" replace />;
  return <Outlet />;
}

/** `/two-factor/enrol`: only for a session opened for enrolment; anyone else goes on to the app (or to sign in). */
export function RequireEnrolment() {
  const { initialized, user, enrolmentRequired } = useSession();
  if (!initialized) return <FullPageLoader />;
  if (!user) return <Navigate to="/login" replace />;
  if (!enrolmentRequired) return <Navigate to="/" replace />;
  return <Outlet />;
}

/**
 * The signed-out screens. A signed-in user leaves them: from /login back to where they came from
 * (or /), from the others to /.
 */
export function SignedOutOnly({ backToOrigin = false }: { backToOrigin?: boolean }) {
  const { initialized, user } = useSession();
  const location = useLocation();
  if (!initialized) return <FullPageLoader />;
  if (user) {
    const target = backToOrigin ? (originFromState(location.state) ?? "/") : "/";
    return <Navigate to={target} replace />;
  }
  return <Outlet />;
}

/**
 * /change-password, /invitation and /verify-email. An e-mailed link carries a token and opens its page even with
 * someone signed in (a shared computer, or the person's own older session): the new password signs in the
 * link's owner in place of whoever was. Without a token it is a signed-out screen like the others.
 */
export function SignedOutOrWithToken() {
  const { initialized } = useSession();
  const [params] = useSearchParams();
  if (!params.get("token")) return <SignedOutOnly />;
  // The stored session is checked first, so that its answer cannot land after the new one and bring it back.
  if (!initialized) return <FullPageLoader />;
  return <Outlet />;
}

/** `/`: the board of the signed-in user, otherwise the login screen. */
export function Landing() {
  const { initialized, user } = useSession();
  if (!initialized) return <FullPageLoader />;
  return <Navigate to={user ? `/user/${user.uid}/board` : "/login"} replace />;
}
