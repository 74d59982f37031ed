import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { i18n } from "../../../lib/i18n";
import { buildConfig, buildUser } from "../../../testing/builders";
import { errorResponse, jsonResponse, stubFetch } from "../../../testing/fetch-stub";
import { renderApp, renderWithProviders } from "../../../testing/render";
import { ChangePasswordForm } from "./change-password-form";
import { LoginForm } from "./login-form";
import { LostPasswordForm } from "./lost-password-form";
import { SignupForm } from "./signup-form";

const config = () => jsonResponse(buildConfig());

/** Strong by the password rule (zxcvbn score 4), and unrelated to the test people's names. */
const strong = "violet sunset over the pier";

/** The named button once the lazily loaded strength meter has judged the password. */
async function enabled(name: string) {
  const button = screen.getByRole("button", { name });
  await waitFor(() => expect(button).toBeEnabled(), { timeout: 10_000 });
  return button;
}

describe("login form", () => {
  it("enables log in only once e-mail and password are both filled", async () => {
    stubFetch({ "GET /api/v1/config": config });
    const { user } = renderWithProviders(<LoginForm onSecondFactor={() => {}} />);
    const submit = screen.getByRole("button", { name: "Log in" });
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText(/Email/), "ada@acme.com");
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText(/^Password/), "secret-password");
    expect(submit).toBeEnabled();
    await user.clear(screen.getByLabelText(/Email/));
    expect(submit).toBeDisabled();
  });

  it("types the e-mail field as email", () => {
    stubFetch({ "GET /api/v1/config": config });
    renderWithProviders(<LoginForm onSecondFactor={() => {}} />);
    expect(screen.getByLabelText(/Email/)).toHaveAttribute("type", "email");
  });

  it("signs in and stores the token under 'session'", async () => {
    const fetch = stubFetch({
      "GET /api/v1/config": config,
      "POST /api/v1/auth/basic": () => jsonResponse({ token: "tok-1", user: buildUser(), enrolment_required: false }),
    });
    const { user } = renderWithProviders(<LoginForm onSecondFactor={() => {}} />);
    await user.type(screen.getByLabelText(/Email/), "ada@acme.com");
    await user.type(screen.getByLabelText(/^Password/), "secret-password");
    await user.click(screen.getByRole("button", { name: "Log in" }));
    await waitFor(() => expect(window.localStorage.getItem("session")).toBe(JSON.stringify({ token: "tok-1" })));
    expect(fetch.requestsTo("POST", "/api/v1/auth/basic")[0]?.body).toEqual({
      email: "ada@acme.com",
      password: "secret-password",
    });
  });

  it("shows the login error toast on wrong credentials", async () => {
    stubFetch({
      "GET /api/v1/config": config,
      "POST /api/v1/auth/basic": () => errorResponse(401, "INVALID_CREDENTIALS", "Wrong email or password"),
    });
    const { user } = renderWithProviders(<LoginForm onSecondFactor={() => {}} />);
    await user.type(screen.getByLabelText(/Email/), "ada@acme.com");
    await user.type(screen.getByLabelText(/^Password/), "wrong-password");
    await user.click(screen.getByRole("button", { name: "Log in" }));
    expect(await screen.findByText("Login failed: wrong email or password")).toBeInTheDocument();
    expect(window.localStorage.getItem("session")).toBeNull();
  });

  it("shows the server's words on 429, which say when to try again", async () => {
    stubFetch({
      "GET /api/v1/config": config,
      "POST /api/v1/auth/basic": () =>
        errorResponse(429, "TOO_MANY_REQUESTS", "Too many attempts. Try again in 14 minutes."),
    });
    const { user } = renderWithProviders(<LoginForm onSecondFactor={() => {}} />);
    await user.type(screen.getByLabelText(/Email/), "ada@acme.com");
    await user.type(screen.getByLabelText(/^Password/), "wrong-password");
    await user.click(screen.getByRole("button", { name: "Log in" }));
    expect(await screen.findByText("Too many attempts. Try again in 14 minutes.")).toBeInTheDocument();
  });

  it("offers Google sign-in only when the server has a Google client id", async () => {
    stubFetch({ "GET /api/v1/config": config });
    renderWithProviders(<LoginForm onSecondFactor={() => {}} />);
    await waitFor(() => expect(screen.queryByText("or")).not.toBeInTheDocument());
  });
});

describe("sign-up form", { timeout: 15_000 }, () => {
  async function fill(user: ReturnType<typeof renderWithProviders>["user"], values: Record<string, string>) {
    for (const [label, value] of Object.entries(values)) {
      const field = screen.getByLabelText(new RegExp(`^${label}`));
      await user.clear(field);
      // Pasted, not typed: each keystroke would run the strength estimate once more.
      if (value) {
        await user.click(field);
        await user.paste(value);
      }
    }
  }

  it("enables sign up only with name, e-mail and password filled and the confirmation equal", async () => {
    stubFetch({});
    const { user } = renderWithProviders(<SignupForm />);
    const submit = screen.getByRole("button", { name: "Sign up" });
    expect(submit).toBeDisabled();
    await fill(user, { "Full name": "Ada", Email: "ada@acme.com", Password: strong });
    expect(submit).toBeDisabled();
    await fill(user, { "Confirm password": "violet sunset over the pie" });
    expect(submit).toBeDisabled();
    expect(screen.getByText("The passwords do not match")).toBeInTheDocument();
    await fill(user, { "Confirm password": strong });
    await enabled("Sign up");
    await fill(user, { "Full name": "" });
    expect(submit).toBeDisabled();
  });

  it("signs up in the language of the interface", async () => {
    const fetch = stubFetch({
      "POST /api/v1/auth/basic/signup": () =>
        jsonResponse({ token: "tok-2", user: buildUser(), enrolment_required: false }, 201),
    });
    const { user } = renderWithProviders(<SignupForm />);
    await fill(user, {
      "Full name": "Ada",
      Email: "ada@acme.com",
      Password: strong,
      "Confirm password": strong,
    });
    await user.click(await enabled("Sign up"));
    await waitFor(() => expect(fetch.requestsTo("POST", "/api/v1/auth/basic/signup")).toHaveLength(1));
    expect(fetch.requestsTo("POST", "/api/v1/auth/basic/signup")[0]?.body).toEqual({
      nominative: "Ada",
      email: "ada@acme.com",
      password: strong,
      language: "en",
    });
  });

  it("says the e-mail is already registered on 409", async () => {
    stubFetch({ "POST /api/v1/auth/basic/signup": () => errorResponse(409, "CONFLICT", "Email already registered") });
    const { user } = renderWithProviders(<SignupForm />);
    await fill(user, {
      "Full name": "Ada",
      Email: "ada@acme.com",
      Password: strong,
      "Confirm password": strong,
    });
    await user.click(await enabled("Sign up"));
    expect(await screen.findByText("Sign-up failed")).toBeInTheDocument();
    expect(screen.getByText(/This email is already registered/)).toBeInTheDocument();
  });

  it("shows the server's message for a password it refuses (400)", async () => {
    stubFetch({
      "POST /api/v1/auth/basic/signup": () =>
        errorResponse(
          400,
          "VALIDATION_FAILED",
          "body.password: Password is too easy to guess: It is too easy to guess.",
        ),
    });
    const { user } = renderWithProviders(<SignupForm />);
    await fill(user, { "Full name": "Ada", Email: "ada@acme.com", Password: strong, "Confirm password": strong });
    await user.click(await enabled("Sign up"));
    expect(
      await screen.findByText("body.password: Password is too easy to guess: It is too easy to guess."),
    ).toBeInTheDocument();
  });

  it.each([
    ["a most used password", "password", "very weak", "This is a heavily used password."],
    ["a run of digits", "12345678", "very weak", "This is a heavily used password."],
    ["the person's name", "AdaLovelace", "very weak", "It contains your name or e-mail address."],
    ["the person's e-mail", "ada.lovelace@acme.com", "very weak", "It contains your name or e-mail address."],
    ["an Italian common word", "buongiorno", "very weak", "It is too easy to guess."],
  ])("keeps sign up disabled for %s and says why", async (_label, password, level, reason) => {
    stubFetch({});
    const { user } = renderWithProviders(<SignupForm />);
    await fill(user, {
      "Full name": "Ada Lovelace",
      Email: "ada.lovelace@acme.com",
      Password: password,
      "Confirm password": password,
    });
    const meter = await screen.findByTestId("password-strength");
    expect(meter).toHaveTextContent(`Password strength: ${level} — ${reason}`);
    expect(screen.getByRole("progressbar", { name: "Password strength" })).toHaveAttribute("aria-valuenow", "20");
    expect(screen.getByRole("button", { name: "Sign up" })).toBeDisabled();
  });

  it("shows a strong passphrase as strong, with no reason, and lets it through", async () => {
    stubFetch({});
    const { user } = renderWithProviders(<SignupForm />);
    await fill(user, { "Full name": "Ada", Email: "ada@acme.com", Password: strong, "Confirm password": strong });
    expect(await screen.findByTestId("password-strength")).toHaveTextContent(/^Password strength: strong$/);
    await enabled("Sign up");
  });

  it("gives the strength and the reason in Italian", async () => {
    await i18n.changeLanguage("it");
    stubFetch({});
    const { user } = renderWithProviders(<SignupForm />);
    await user.type(screen.getByLabelText(/^Password/), "password");
    expect(await screen.findByTestId("password-strength")).toHaveTextContent(
      "Robustezza della password: molto debole — Questa è una password molto usata.",
    );
  });
});

describe("lost password form", () => {
  it("enables sending only with an e-mail, then confirms with the requestSuccess toast", async () => {
    const fetch = stubFetch({ "GET /api/v1/auth/basic/lost-password": () => jsonResponse({ success: true }) });
    const { user } = renderWithProviders(<LostPasswordForm />);
    const send = screen.getByRole("button", { name: "Send recovery link" });
    expect(send).toBeDisabled();
    expect(screen.getByLabelText(/Email/)).toHaveAttribute("type", "email");
    await user.type(screen.getByLabelText(/Email/), "ada@acme.com");
    expect(send).toBeEnabled();
    await user.click(send);
    expect(await screen.findByText(/If the address is registered/)).toBeInTheDocument();
    expect(fetch.requests[0]?.url.searchParams.get("email")).toBe("ada@acme.com");
  });

  it("shows the common error toast when the request fails", async () => {
    stubFetch({ "GET /api/v1/auth/basic/lost-password": () => errorResponse(500, "INTERNAL", "Internal error") });
    const { user } = renderWithProviders(<LostPasswordForm />);
    await user.type(screen.getByLabelText(/Email/), "ada@acme.com");
    await user.click(screen.getByRole("button", { name: "Send recovery link" }));
    expect(await screen.findByText("Something went wrong. Please try again.")).toBeInTheDocument();
  });
});

describe("change password form", { timeout: 15_000 }, () => {
  it("shows the e-mail read-only and enables confirm only with both passwords equal", async () => {
    stubFetch({});
    const { user } = renderWithProviders(
      <ChangePasswordForm email="ada@acme.com" token="tok" onChanged={() => {}} onSecondFactor={() => {}} />,
    );
    const email = screen.getByLabelText(/Email/);
    expect(email).toHaveValue("ada@acme.com");
    expect(email).toHaveAttribute("readonly");
    const confirm = screen.getByRole("button", { name: "Confirm" });
    expect(confirm).toBeDisabled();
    await user.type(screen.getByLabelText(/^New password/), strong);
    expect(confirm).toBeDisabled();
    await user.type(screen.getByLabelText(/^Confirm password/), `${strong}X`);
    expect(confirm).toBeDisabled();
    await user.type(screen.getByLabelText(/^Confirm password/), "{Backspace}");
    await enabled("Confirm");
  });

  it("keeps confirm disabled for a password made of the e-mail, saying why", async () => {
    stubFetch({});
    const { user } = renderWithProviders(
      <ChangePasswordForm email="ada.lovelace@acme.com" token="tok" onChanged={() => {}} onSecondFactor={() => {}} />,
    );
    await user.type(screen.getByLabelText(/^New password/), "lovelace2024");
    await user.type(screen.getByLabelText(/^Confirm password/), "lovelace2024");
    expect(await screen.findByTestId("password-strength")).toHaveTextContent(
      "It contains your name or e-mail address.",
    );
    expect(screen.getByRole("button", { name: "Confirm" })).toBeDisabled();
  });

  it("is disabled without the e-mail", () => {
    stubFetch({});
    renderWithProviders(<ChangePasswordForm email="" token="tok" onChanged={() => {}} onSecondFactor={() => {}} />);
    expect(screen.getByRole("button", { name: "Confirm" })).toBeDisabled();
  });

  it("raises 'Missing token' and sends nothing when the link has no token", async () => {
    const fetch = stubFetch({});
    const { user } = renderWithProviders(
      <ChangePasswordForm email="ada@acme.com" token={null} onChanged={() => {}} onSecondFactor={() => {}} />,
    );
    expect(screen.getAllByText("Missing token").length).toBeGreaterThan(0);
    await user.type(screen.getByLabelText(/^New password/), strong);
    await user.type(screen.getByLabelText(/^Confirm password/), strong);
    await user.click(await enabled("Confirm"));
    expect(fetch.requests).toEqual([]);
  });

  it("sends e-mail, password and token, then signs the person in, confirms and goes on", async () => {
    const fetch = stubFetch({
      "POST /api/v1/auth/basic/change-password": () =>
        jsonResponse({
          success: true,
          token: "tok-new",
          user: buildUser({ status: "active" }),
          enrolment_required: false,
        }),
    });
    let changed = false;
    const { user, queryClient } = renderWithProviders(
      <ChangePasswordForm
        email="ada@acme.com"
        token="tok-9"
        onChanged={() => (changed = true)}
        onSecondFactor={() => {}}
      />,
    );
    await user.type(screen.getByLabelText(/^New password/), strong);
    await user.type(screen.getByLabelText(/^Confirm password/), strong);
    await user.click(await enabled("Confirm"));
    expect(await screen.findByText("Action executed successfully")).toBeInTheDocument();
    expect(changed).toBe(true);
    expect(fetch.requests[0]?.body).toEqual({ email: "ada@acme.com", password: strong, token: "tok-9" });
    expect(window.localStorage.getItem("session")).toBe(JSON.stringify({ token: "tok-new" }));
    expect(queryClient.getQueryData(["auth", "me"])).toMatchObject({ uid: "user-1", status: "active" });
  });

  it("opens the board of the invited person once their password is set", async () => {
    const invited = buildUser({ uid: "user-7", email: "grace@acme.com" });
    stubFetch({
      "GET /api/v1/config": () => jsonResponse(buildConfig()),
      "POST /api/v1/auth/basic/change-password": () =>
        jsonResponse({ success: true, token: "tok-7", user: invited, enrolment_required: false }),
    });
    const { user } = renderApp({ route: "/change-password?email=grace%40acme.com&token=invite-1" });
    await user.type(await screen.findByLabelText(/^New password/), strong);
    await user.type(screen.getByLabelText(/^Confirm password/), strong);
    await user.click(await enabled("Confirm"));
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/user/user-7/board"));
  });

  it("shows an error toast when the server refuses the token", async () => {
    stubFetch({
      "POST /api/v1/auth/basic/change-password": () => errorResponse(400, "INVALID_TOKEN", "The link has expired"),
    });
    const { user } = renderWithProviders(
      <ChangePasswordForm email="ada@acme.com" token="old" onChanged={() => {}} onSecondFactor={() => {}} />,
    );
    await user.type(screen.getByLabelText(/^New password/), strong);
    await user.type(screen.getByLabelText(/^Confirm password/), strong);
    await user.click(await enabled("Confirm"));
    expect(await screen.findByText("The link has expired")).toBeInTheDocument();
  });
});
