/** The kinds of event and an event's default colour (spec part 1 §4 "Events"), apart from events.ts and its schemas. */
export const eventTypes = ["planning", "activity"] as const;
export type EventType = (typeof eventTypes)[number];
export const defaultEventType: EventType = "activity";
export const defaultEventColor = "#3788d8";
