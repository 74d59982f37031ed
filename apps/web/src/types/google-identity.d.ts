/** The part of Google Identity Services (https://accounts.google.com/gsi/client) that the app uses. */
interface GoogleCredentialResponse {
  credential: string;
}

interface GoogleIdentityId {
  initialize(options: { client_id: string; callback: (response: GoogleCredentialResponse) => void }): void;
  renderButton(
    parent: HTMLElement,
    options: {
      type?: "standard" | "icon";
      theme?: "outline" | "filled_blue" | "filled_black";
      size?: "large" | "medium" | "small";
      text?: "signin_with" | "signup_with" | "continue_with" | "signin";
      shape?: "rectangular" | "pill" | "circle" | "square";
      width?: number;
      locale?: string;
    },
  ): void;
  disableAutoSelect(): void;
}

interface Window {
  google?: { accounts: { id: GoogleIdentityId } };
}
