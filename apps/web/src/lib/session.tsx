import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { AuthResponse, User } from "@timetrap/domain";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { getMeQueryOptions } from "../api/get-me";
import { isApiError } from "./api-client";
import { currentLanguage, i18n, isLanguage } from "./i18n";
import { clearSession, readSessionToken, writeSession } from "./session-store";

export interface Session {
  /** False until the stored session has been checked, successfully or not. */
  initialized: boolean;
  /** The signed-in user; null when signed out. */
  user: User | null;
  /**
   * The session was opened for enrolling a second factor only: the person's organization requires one (decision 018).
   * Until they enrol, the app sends them to the enrolment page.
   */
  enrolmentRequired: boolean;
  signIn: (response: AuthResponse) => void;
  /** The person has enrolled: the session reaches the whole app now. */
  enrolled: () => void;
  signOut: () => void;
}

const SessionContext = createContext<Session | null>(null);

/** A user with an external id is a placeholder created by an outside service, not a person who signed in. */
function isSignedInUser(user: User | undefined | null): user is User {
  return !!user && !user.external_uid;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<{ initialized: boolean; token: string | null }>({
    initialized: false,
    token: null,
  });

  const signOut = useCallback(() => {
    clearSession();
    setState({ initialized: true, token: null });
    queryClient.clear();
  }, [queryClient]);

  useEffect(() => {
    let cancelled = false;
    const token = readSessionToken();
    if (!token) {
      setState({ initialized: true, token: null });
      return;
    }
    queryClient
      .fetchQuery(getMeQueryOptions())
      .then((user) => {
        if (cancelled) return;
        if (isSignedInUser(user)) {
          setState({ initialized: true, token });
        } else {
          clearSession();
          queryClient.removeQueries({ queryKey: getMeQueryOptions().queryKey });
          setState({ initialized: true, token: null });
        }
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        console.error("Could not restore the session", error);
        clearSession();
        queryClient.removeQueries({ queryKey: getMeQueryOptions().queryKey });
        setState({ initialized: true, token: null });
      });
    return () => {
      cancelled = true;
    };
  }, [queryClient]);

  // A token that the server stops accepting (expired, signed out from another device, password changed elsewhere)
  // ends the session, whether a read or a write finds out.
  useEffect(() => {
    const endOn401 = (error: unknown) => {
      if (isApiError(error) && error.status === 401 && readSessionToken()) signOut();
    };
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === "updated" && event.action.type === "error") endOn401(event.action.error);
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === "updated" && event.action.type === "error") endOn401(event.action.error);
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [queryClient, signOut]);

  const me = useQuery({ ...getMeQueryOptions(), enabled: state.initialized && state.token !== null });
  const user = state.token !== null && isSignedInUser(me.data) ? me.data : null;
  const enrolmentRequired = user !== null && me.data?.enrolment_required === true;

  const signIn = useCallback(
    (response: AuthResponse) => {
      if (!isSignedInUser(response.user)) return;
      // A session replaced by another (a password link opened while signed in): nothing cached for the
      // earlier person may show to the new one.
      if (readSessionToken() !== null) queryClient.clear();
      writeSession({ token: response.token });
      queryClient.setQueryData(getMeQueryOptions().queryKey, {
        ...response.user,
        enrolment_required: response.enrolment_required,
      });
      setState({ initialized: true, token: response.token });
    },
    [queryClient],
  );

  // Spec part 1 §4: after start the user's language is applied when it differs from the current one.
  // Until the terms step is confirmed the stored language is only the server's default, not a choice
  // (sign-up does not send one), so the interface keeps the language the person is reading.
  const userLanguage = user?.terms_of_use && user.privacy_policy ? user.language : undefined;
  useEffect(() => {
    if (isLanguage(userLanguage) && userLanguage !== currentLanguage()) void i18n.changeLanguage(userLanguage);
  }, [userLanguage]);

  const enrolled = useCallback(() => {
    queryClient.setQueryData(getMeQueryOptions().queryKey, (current) =>
      current ? { ...current, enrolment_required: false } : current,
    );
  }, [queryClient]);

  const value = useMemo<Session>(
    () => ({ initialized: state.initialized, user, enrolmentRequired, signIn, enrolled, signOut }),
    [state.initialized, user, enrolmentRequired, signIn, enrolled, signOut],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error("useSession must be used inside SessionProvider");
  return session;
}

/** The signed-in user, for screens that are only reachable with a session. */
export function useSignedInUser(): User {
  const { user } = useSession();
  if (!user) throw new Error("useSignedInUser needs a signed-in user");
  return user;
}
