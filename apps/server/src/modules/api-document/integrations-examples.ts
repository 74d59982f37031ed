import type {
  ConnectAnswer,
  GoogleCalendar,
  GoogleEvent,
  GoogleEventPatch,
  Integration,
  IntegrationInput,
  UserIntegrations,
} from "@timetrap/domain";
import { ids } from "./examples.js";

/** Giulia's Google Calendar, connected on 2 March 2026; its access token expires at 10:55 that day (UTC). */
export const integrationExample: Integration = {
  service: "gcalendar",
  status: "active",
  token_type: "Bearer",
  expires_at: 1772448900000,
  metadata: {
    account_email: "giulia.rossi@gmail.com",
    domain: null,
    scopes: [
      "openid",
      "https://www.googleapis.com/auth/userinfo.email",
      "https://www.googleapis.com/auth/calendar.calendarlist.readonly",
      "https://www.googleapis.com/auth/calendar.events",
    ],
  },
  last_error: null,
  write_back: true,
  created_at: 1772445300000,
};

/**
 * Giulia's integrations page on the free plan: Google Calendar connected, Paymo and Jira ready for their keys, Todoist
 * and Asana not configured on this server (no client id and secret).
 */
export const userIntegrationsExample: UserIntegrations = {
  services: [
    {
      service: "gcalendar",
      connection: "redirect",
      available: true,
      unavailable_reason: null,
      always_on: false,
      integration: integrationExample,
    },
    ...(["todoist", "asana"] as const).map((service) => ({
      service,
      connection: "redirect" as const,
      available: false,
      unavailable_reason: "not_configured" as const,
      always_on: false,
      integration: null,
    })),
    ...(["paymo", "jira"] as const).map((service) => ({
      service,
      connection: "credentials" as const,
      available: true,
      unavailable_reason: null,
      always_on: false,
      integration: null,
    })),
  ],
  limit: { used: 1, tier_limit: 2, blocked: false },
};

export const integrationInputExample: IntegrationInput = {
  user_id: ids.giulia,
  service: "jira",
  auth_token: "ATATT3xFfGF0-an-api-token",
  token_type: "Basic",
  metadata: { email: "giulia.rossi@example.com", domain: "acme.atlassian.net" },
};

/** What connecting Jira answers: the site and the account's e-mail, never the token. */
export const jiraIntegrationExample: Integration = {
  service: "jira",
  status: "active",
  token_type: "Basic",
  expires_at: null,
  metadata: { account_email: "giulia.rossi@example.com", domain: "acme.atlassian.net", scopes: [] },
  last_error: null,
  write_back: true,
  created_at: 1772445300000,
};

export const connectAnswerExample: ConnectAnswer = {
  url:
    "https://accounts.google.com/o/oauth2/v2/auth?response_type=code&client_id=1234567890-abc.apps.googleusercontent.com" +
    "&redirect_uri=https%3A%2F%2Ftimetrap.example.com%2Fapi%2Fv1%2Fconnect%2Fgcalendar%2Fcallback" +
    "&scope=openid+email+profile+https%3A%2F%2Fwww.googleapis.com%2Fauth%2Fcalendar.calendarlist.readonly+" +
    "https%3A%2F%2Fwww.googleapis.com%2Fauth%2Fcalendar.events" +
    "&state=9b1e4c2a-7d3f-4e8a-b6c5-0f2d1a3e4b5c.q1VfZ3x8Yk2mR0tLw9sJ4nHc7bDa6eGi5oPu1zXy0Wc" +
    "&access_type=offline&prompt=consent&include_granted_scopes=true&login_hint=giulia.rossi%40gmail.com",
};

export const googleCalendarsExample: { calendars: GoogleCalendar[] } = {
  calendars: [
    {
      id: "giulia.rossi@gmail.com",
      summary: "Giulia Rossi",
      background_color: "#9fe1e7",
      foreground_color: "#000000",
      primary: true,
      access_role: "owner",
      time_zone: "Europe/Rome",
    },
    {
      id: "it.italian#holiday@group.v.calendar.google.com",
      summary: "Festività in Italia",
      background_color: "#16a765",
      foreground_color: "#000000",
      primary: false,
      access_role: "reader",
      time_zone: "Europe/Rome",
    },
  ],
};

/** A meeting on Tuesday 3 March 2026, 10:00–11:00 in Rome. */
export const googleEventExample: GoogleEvent = {
  id: "5qk8r1m2n3o4p5q6r7s8t9u0v1",
  calendar_id: "giulia.rossi@gmail.com",
  summary: "Brand review with Acme",
  description: "Logo and palette, second round",
  location: "Sala Verdi",
  html_link: "https://www.google.com/calendar/event?eid=NXFrOHIxbTJuM280cDVxNnI3czh0OXUwdjE",
  all_day: false,
  start_time: 1772528400000,
  end_time: 1772532000000,
  start_date: null,
  end_date: null,
  color: "#9fe1e7",
  recurring_event_id: null,
};

export const googleEventsExample: { events: GoogleEvent[] } = {
  events: [
    googleEventExample,
    {
      id: "7hj2k9l0m1n2o3p4q5r6s7t8u9",
      calendar_id: "giulia.rossi@gmail.com",
      summary: "Design fair in Milan",
      description: null,
      location: "Fiera Milano, Rho",
      html_link: "https://www.google.com/calendar/event?eid=N2hqMms5bDBtMW4ybzNwNHE1cjZzN3Q4dTk",
      all_day: true,
      start_time: 1772665200000,
      end_time: 1772751600000,
      start_date: "2026-03-05",
      end_date: "2026-03-06",
      color: "#9fe1e7",
      recurring_event_id: null,
    },
  ],
};

/** The meeting moved an hour later. */
export const googleEventPatchExample: GoogleEventPatch = {
  summary: "Brand review with Acme (moved)",
  start_time: 1772532000000,
  end_time: 1772535600000,
};

export const googleEventPatchedExample: GoogleEvent = {
  ...googleEventExample,
  summary: "Brand review with Acme (moved)",
  start_time: 1772532000000,
  end_time: 1772535600000,
};
