import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { AppProvider } from "../app/provider";
import { createQueryClient } from "../app/query-client";
import { AppRoutes } from "../app/router";
import { SignedInProviders } from "../app/signed-in-providers";
import { preloadEveryLazyComponent } from "../lib/lazy-component";

// The app fetches each page (and dialog, and menu) when first drawn; a test draws them at once, as one already fetched
// is drawn.
await preloadEveryLazyComponent();

/** Shows the router's current location, so tests can assert redirects. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export function renderWithProviders(ui: ReactNode, { route = "/" }: { route?: string } = {}) {
  const queryClient = createQueryClient();
  const user = userEvent.setup();
  const result = render(
    <AppProvider queryClient={queryClient}>
      <SignedInProviders>
        <MemoryRouter initialEntries={[route]}>
          <Routes>
            <Route path="*" element={ui} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </SignedInProviders>
    </AppProvider>,
  );
  return { ...result, user, queryClient };
}

/** The whole app (providers and routes) at `route`. */
export function renderApp({ route = "/" }: { route?: string } = {}) {
  const queryClient = createQueryClient();
  const user = userEvent.setup();
  const result = render(
    <AppProvider queryClient={queryClient}>
      <MemoryRouter initialEntries={[route]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </AppProvider>,
  );
  return { ...result, user, queryClient };
}
