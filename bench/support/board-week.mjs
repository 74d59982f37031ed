import { addCalendarDays, instantAt, wallClockAt, weekdayNumber } from "@timetrap/domain";

/**
 * The week both board benchmarks use: the current week in Rome (the board opens on it), 500 events, 50 of them
 * occurrences of daily series.
 */
export const timeZone = "Europe/Rome";
const today = { ...wallClockAt(Date.now(), timeZone), hour: 0, minute: 0, second: 0, millisecond: 0 };
const monday = addCalendarDays(today, -((weekdayNumber(today) + 6) % 7));
/** Midnight of each day of the week in Rome, and of the next Monday. */
const dayStarts = Array.from({ length: 8 }, (_, i) => instantAt(addCalendarDays(monday, i), timeZone));
export const weekStart = dayStarts[0];
export const weekEnd = dayStarts[7];
export const eventCount = 500;

/** Signs a user up through the API, makes their organization and seeds the week; answers what the loads need. */
export async function seedBoardWeek(apiBase) {
  const call = async (method, path, body, token) => {
    const response = await fetch(`${apiBase}${path}`, {
      method,
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.status === 204 ? null : response.json();
  };
  const { token, user } = await call("POST", "/auth/basic/signup", {
    email: `bench-${process.pid}@example.com`,
    password: "correct-horse-42",
    nominative: "Bench Mark",
  });
  await call(
    "PATCH",
    `/user/${user.uid}`,
    {
      terms_of_use: true,
      privacy_policy: true,
      cookie_consent: false,
      language: "en",
      preferences: { timeZone },
    },
    token,
  );
  await call("POST", `/user/${user.uid}/organization`, { name: "Bench", domains: [] }, token);

  // Deterministic spread over the working days, 06:00 to 19:00 local, 15 to 120 minutes long.
  const bodies = [];
  for (let i = 0; i < 450; i++) {
    const day = i % 5;
    const minuteOfDay = 6 * 60 + ((i * 37) % (13 * 60));
    const start = dayStarts[day] + minuteOfDay * 60_000;
    const length = (15 + ((i * 53) % 106)) * 60_000;
    bodies.push({ title: `Block ${i}`, start_time: start, end_time: start + length, completed: i % 3 === 0 });
  }
  for (let s = 0; s < 10; s++) {
    const start = weekStart + (7 * 60 + s * 60) * 60_000;
    bodies.push({
      title: `Series ${s}`,
      start_time: start,
      end_time: start + 45 * 60_000,
      event_type: "planning",
      recurrence: { every: 1, frequency: "DAILY", repeat: 5 },
    });
  }
  for (let i = 0; i < bodies.length; i += 20) {
    await Promise.all(
      bodies.slice(i, i + 20).map((body) => call("POST", `/user/${user.uid}/time-blocking`, body, token)),
    );
  }
  const path = `/user/${user.uid}/time-blocking?startTime=${new Date(weekStart).toISOString()}&endTime=${new Date(weekEnd).toISOString()}`;
  const served = await call("GET", path, undefined, token);
  if (served.length !== eventCount) throw new Error(`expected ${eventCount} events in the week, got ${served.length}`);
  return { token, uid: user.uid, path, events: served };
}
