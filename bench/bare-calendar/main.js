/**
 * The browser benchmark's baseline: FullCalendar's time grid alone, fed the same week from the same API, with the
 * board's grid settings and a minimal tile. No app shell, no Mantine, no rules.
 */
import FullCalendar from "@fullcalendar/react";
import timeGridPlugin from "@fullcalendar/react/timegrid";
import "@fullcalendar/react/skeleton.css";
import "@fullcalendar/react/themes/classic/theme.css";
import "@fullcalendar/react/themes/classic/palette.css";
import { createElement, useEffect, useState } from "react";
import { createRoot } from "react-dom/client";

const params = new URLSearchParams(window.location.hash.slice(1));

function Page() {
  const [events, setEvents] = useState([]);
  useEffect(() => {
    fetch(`/api/v1/user/${params.get("uid")}/time-blocking?${params.get("query")}`, {
      headers: { authorization: `Bearer ${params.get("token")}` },
    })
      .then((response) => response.json())
      .then((rows) =>
        setEvents(
          rows.map((row) => ({
            id: `${row.id}:${row.start_time}`,
            title: row.title,
            start: row.start_time,
            end: row.end_time,
            allDay: row.all_day,
            color: row.color,
          })),
        ),
      );
  }, []);
  return createElement(FullCalendar, {
    plugins: [timeGridPlugin],
    initialView: "timeGridWeek",
    initialDate: Number(params.get("date")),
    firstDay: 1,
    allDaySlot: false,
    weekends: false,
    slotDuration: "00:30:00",
    slotMinTime: "06:00:00",
    slotMaxTime: "20:00:00",
    height: "100%",
    headerToolbar: false,
    events,
    eventContent: (arg) =>
      createElement(
        "div",
        { "data-event-id": arg.event.id },
        createElement("b", null, arg.timeText),
        ` ${arg.event.title}`,
      ),
  });
}

const root = document.getElementById("root");
root.style.height = "100vh";
createRoot(root).render(createElement(Page));
