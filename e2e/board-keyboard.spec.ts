import { expect, type Page, test } from "@playwright/test";
import en from "../apps/web/src/locales/en.json" with { type: "json" };
import it from "../apps/web/src/locales/it.json" with { type: "json" };
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import {
  bearer,
  createBoardUser,
  createEvent,
  createProjectWithTask,
  rome,
  romeTime,
  tile,
  week,
} from "./support/board.ts";
import { openSignedIn } from "./support/helpers.ts";

/**
 * The board from the keyboard and for the eye (issue 11, decision 007): Tab walks the week's blocks in time order, Enter
 * opens a block's editor as a click does, and Space too where no timer may run, while on a block whose timer may run
 * Space starts and stops it (issue 21, decision 033); Escape brings the focus back to the block, the menu key opens its
 * menu; and the words on every block read on its colour, whatever colour and state it has.
 */
const languages = ["en", "it"] as const;
const texts = { en, it };

/** The colours the app offers: the event form's swatches, then the category form's. */
const palette = [
  "#3788d8",
  "#12b886",
  "#40c057",
  "#fab005",
  "#fd7e14",
  "#fa5252",
  "#e64980",
  "#7950f2",
  "#868e96",
  "#be4bdb",
  "#4c6ef5",
  "#228be6",
  "#15aabf",
  "#82c91e",
];

test.use({ timezoneId: rome });

type Rgba = [number, number, number, number];

/** WCAG 2 contrast of two opaque colours, computed here from what the browser paints, not by the rule under test. */
function contrast(a: Rgba, b: Rgba): number {
  const luminance = ([r, g, b]: Rgba) => {
    const linear = (c: number) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  };
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

interface PaintedTile {
  name: string;
  text: Rgba;
  /** The first painted background under the words: the tile's own fill. */
  fill: Rgba;
  /** The timer button's ring and sign, when the tile has one. */
  timer: Rgba | null;
}

/**
 * Every tile's colours as computed by the browser. A canvas turns any CSS colour (`rgb()`, a `color-mix()` result in
 * `color(srgb …)`) into the bytes it paints.
 */
async function paintedTiles(page: Page): Promise<PaintedTile[]> {
  return page.evaluate(() => {
    const context = document.createElement("canvas").getContext("2d", { willReadFrequently: true });
    if (!context) throw new Error("no canvas");
    const bytes = (color: string): [number, number, number, number] => {
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = color;
      context.fillRect(0, 0, 1, 1);
      const [r = 0, g = 0, b = 0, a = 0] = context.getImageData(0, 0, 1, 1).data;
      return [r, g, b, a];
    };
    return [...document.querySelectorAll("[data-event-id]")].map((tile) => {
      const face = tile.querySelector("button:not([data-tile-action])") as HTMLElement;
      let fill: [number, number, number, number] = [0, 0, 0, 0];
      for (let element: Element | null = face; element && fill[3] === 0; element = element.parentElement) {
        fill = bytes(getComputedStyle(element).backgroundColor);
      }
      const timer = tile.querySelector("[data-tile-action]");
      return {
        name: face.getAttribute("aria-label") ?? "",
        text: bytes(getComputedStyle(face).color),
        fill,
        timer: timer ? bytes(getComputedStyle(timer).borderTopColor) : null,
      };
    });
  });
}

/** The accessible name of what has the focus now, or null once it has left the board's tiles. */
const focusedTileControl = (page: Page) =>
  page.evaluate(() => {
    const focused = document.activeElement;
    return focused?.closest("[data-event-id]") ? focused.getAttribute("aria-label") : null;
  });

for (const language of languages) {
  const l = texts[language];
  const fill = (text: string, title: string) => text.replace("{{title}}", title);

  test.describe(`the board from the keyboard in ${language}`, () => {
    test.use({ locale: language === "it" ? "it-IT" : "en-US" });

    test.beforeEach(async ({ page }) => {
      await page.clock.install({ time: week.now });
      await page.clock.resume();
    });

    test("Tab walks the blocks in time order; Enter opens them, Space opens or times them, the menu key opens their menu; Escape comes back to the block", async ({
      page,
      request,
    }) => {
      const owner = await createBoardUser(request, "Giulia Bianchi");
      await request.patch(`/api/v1/user/${owner.uid}`, {
        headers: bearer(owner.token),
        data: { language, preferences: { weekends: false, slotMinTime: "08:00:00", slotMaxTime: "19:00:00" } },
      });
      const { projectId } = await createProjectWithTask(request, owner, {
        project: "Sito web",
        task: "Pagina del menu",
        category: "Sviluppo",
      });
      const block = (date: string, from: string, to: string, data: Record<string, unknown>) =>
        createEvent(request, owner, { start_time: romeTime(date, from), end_time: romeTime(date, to), ...data });
      // Created out of order, and a planning block between two activities of its day.
      await block(week.friday, "15:00", "17:00", { title: "Invoices", color: "#7950f2" });
      await block(week.monday, "10:00", "11:30", { title: "Menu page", project_id: projectId, completed: true });
      await block(week.monday, "09:30", "12:30", { title: "Deep work", event_type: "planning", color: "#7048e8" });
      await block(week.monday, "09:00", "09:15", { title: "Stand-up", color: "#1c7ed6" });
      await block(week.tuesday, "10:00", "11:00", { title: "Design review", color: "#fab005", project_id: projectId });
      await block(week.thursday, "09:30", "13:00", { title: "Sprint planning", event_type: "planning" });
      await block(week.wednesday, "14:30", "16:00", { title: "Copywriting", color: "#12b886" });

      await openSignedIn(page, owner.token, `/user/${owner.uid}/board`, language);
      await expect(tile(page, "Invoices")).toBeVisible();

      // From the last control of the toolbar, Tab comes to the hours' column (the arrows scroll the grid), then goes
      // through every block of the week and leaves the board.
      await page.getByRole("button", { name: l.board.toolbar.panel }).focus();
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => (document.activeElement as HTMLElement).hasAttribute("data-board-hours"))).toBe(
        true,
      );
      const walked: string[] = [];
      for (let step = 0; step < 30; step += 1) {
        await page.keyboard.press("Tab");
        const name = await focusedTileControl(page);
        if (name === null) break;
        walked.push(name);
      }
      const start = (title: string) => fill(l.board.tile.startTimer, title);
      // The calendar writes a range as its language does: "09:00 – 09:15", "09:00–09:15".
      const range = (from: string, to: string) => (language === "it" ? `${from}–${to}` : `${from} – ${to}`);
      expect(walked).toEqual([
        `Stand-up, ${range("09:00", "09:15")}`,
        start("Stand-up"),
        `Deep work, ${range("09:30", "12:30")}, ${l.board.tile.planning}`,
        `Menu page, ${range("10:00", "11:30")}, Sito web, ${l.board.tile.elapsed} 01:30:00`,
        `Design review, ${range("10:00", "11:00")}, Sito web`,
        start("Design review"),
        `Copywriting, ${range("14:30", "16:00")}`,
        start("Copywriting"),
        `Sprint planning, ${range("09:30", "13:00")}, ${l.board.tile.planning}`,
        // Friday is after today: no timer yet.
        `Invoices, ${range("15:00", "17:00")}`,
      ]);

      // Enter opens the block's editor, as a click does; Escape closes it and the focus is back on the block, ringed.
      const review = tile(page, "Design review");
      await review.focus();
      await page.keyboard.press("Enter");
      const editor = page.getByRole("dialog", { name: l.eventForm.editTitle });
      await expect(editor.getByRole("textbox", { name: l.eventForm.title, exact: true })).toHaveValue("Design review");
      await page.keyboard.press("Escape");
      await expect(editor).toBeHidden();
      await expect(review).toBeFocused();
      const ring = await review.evaluate((face) => {
        const style = getComputedStyle(face.closest("[role='listitem'] > *") as Element);
        return [style.outlineStyle, style.outlineWidth, style.outlineColor];
      });
      expect(ring).toEqual(["solid", "2px", "rgb(0, 0, 0)"]);

      // Space on a block no timer may run on (Friday is after today) opens it too.
      const invoices = tile(page, "Invoices");
      await invoices.focus();
      await page.keyboard.press(" ");
      await expect(editor.getByRole("textbox", { name: l.eventForm.title, exact: true })).toHaveValue("Invoices");
      await page.keyboard.press("Escape");
      await expect(invoices).toBeFocused();

      // On a block whose timer may run, Space starts the timer and opens nothing; again, it stops it.
      await review.focus();
      await page.keyboard.press(" ");
      const widget = page.getByRole("region", { name: l.timer.widget });
      await expect(widget).toBeVisible();
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(review).toBeFocused();
      await page.keyboard.press(" ");
      await expect(widget).toBeHidden();
      await expect(review).toBeFocused();

      // The menu key opens the block's menu where the block is; Escape closes it and gives the focus back.
      const copywriting = tile(page, "Copywriting");
      await copywriting.focus();
      await page.keyboard.press("ContextMenu");
      const menu = page.getByRole("menu", { name: fill(l.board.menu.label, "Copywriting") });
      await expect(menu).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(menu).toBeHidden();
      await expect(copywriting).toBeFocused();

      // Shift+F10 too, and its actions are reached with the arrows: Copy, which nothing else offers.
      await page.keyboard.press("Shift+F10");
      await expect(menu).toBeVisible();
      await expect(menu.getByRole("menuitem")).toHaveText([
        l.board.menu.edit,
        l.board.menu.toPlanning,
        l.board.menu.copy,
      ]);
      // Its first letter goes to an item (the menu's type-ahead), the arrows between items.
      const item = (name: string) => menu.getByRole("menuitem", { name });
      await page.keyboard.press(l.board.menu.copy.charAt(0).toLowerCase());
      await expect(item(l.board.menu.copy)).toBeFocused();
      await page.keyboard.press("ArrowUp");
      await expect(item(l.board.menu.toPlanning)).toBeFocused();
      await page.keyboard.press("ArrowDown");
      await expect(item(l.board.menu.copy)).toBeFocused();
      await page.keyboard.press("Enter");
      const copy = page.getByRole("dialog", { name: l.eventForm.newTitle });
      await expect(copy.getByRole("textbox", { name: l.eventForm.title, exact: true })).toHaveValue("Copywriting");
      await page.keyboard.press("Escape");
      await expect(copy).toBeHidden();
      await expect(copywriting).toBeFocused();

      // The timer's button is the block's second stop; Enter on it starts the timer and opens no editor.
      const timer = page.getByRole("button", { name: start("Copywriting") });
      await timer.focus();
      await page.keyboard.press("Enter");
      await expect(page.getByRole("region", { name: l.timer.widget })).toBeVisible();
      await expect(page.getByRole("dialog")).toHaveCount(0);
    });

    test("every block's words read on its colour in every state, and axe finds nothing serious on the board or in a block's editor", async ({
      page,
      request,
    }) => {
      // Forty-six blocks made through the API and three axe runs: longer than a journey's 30 s on a busy machine. Beside
      // the accessibility walk in the other worker it has taken more than two minutes, all of them reached (the last axe
      // run of the editor was under way).
      test.setTimeout(240_000);
      const owner = await createBoardUser(request, "Luca Verdi");
      await request.patch(`/api/v1/user/${owner.uid}`, {
        headers: bearer(owner.token),
        data: {
          language,
          preferences: { weekends: false, allDaySlot: true, slotMinTime: "00:00:00", slotMaxTime: "24:00:00" },
        },
      });
      const { projectId } = await createProjectWithTask(request, owner, {
        project: "Officine Rossi",
        task: "Preventivo",
        category: "Vendite",
      });
      const days = [week.monday, week.tuesday, week.wednesday, week.thursday, week.friday];
      // Every colour as an activity to do, a completed activity and a planning block, spread over the week.
      const kinds = [
        { event_type: "activity" },
        { event_type: "activity", completed: true, project_id: projectId },
        { event_type: "planning" },
      ];
      let slot = 0;
      for (const color of palette) {
        for (const [k, kind] of kinds.entries()) {
          const day = days[slot % days.length] as string;
          const hour = 7 + Math.floor(slot / days.length);
          slot += 1;
          await createEvent(request, owner, {
            title: `${color} ${k}`,
            color,
            start_time: romeTime(day, `${String(hour).padStart(2, "0")}:00`),
            end_time: romeTime(day, `${String(hour).padStart(2, "0")}:45`),
            ...kind,
          });
        }
      }
      // The all-day row draws its blocks itself: a planning block there is a wash of its colour too.
      for (const [k, kind] of kinds.entries()) {
        await createEvent(request, owner, {
          title: `All day ${k}`,
          color: "#7950f2",
          all_day: true,
          start_time: romeTime(days[k] as string, "00:00"),
          end_time: romeTime(days[k + 1] as string, "00:00"),
          ...kind,
        });
      }
      // And a running timer, on today's block after the palette's (the browser's clock says 15:00).
      const running = await createEvent(request, owner, {
        title: "Preventivo Officine Rossi",
        color: "#fab005",
        start_time: romeTime(week.wednesday, "14:50"),
        end_time: romeTime(week.wednesday, "15:50"),
      });
      const started = await request.post(`/api/v1/user/${owner.uid}/timer`, {
        headers: bearer(owner.token),
        data: { start_time: romeTime(week.wednesday, "14:52"), time_blocking_event_id: running.id },
      });
      expect(started.status()).toBe(201);

      await openSignedIn(page, owner.token, `/user/${owner.uid}/board`, language);
      await expect(page.getByRole("region", { name: l.timer.widget })).toBeVisible();
      await expect(page.locator("[data-event-id]")).toHaveCount((palette.length + 1) * kinds.length + 1);

      const tiles = await paintedTiles(page);
      const unreadable = tiles
        .map((t) => ({
          name: t.name,
          text: contrast(t.text, t.fill),
          timer: t.timer ? contrast(t.timer, t.fill) : null,
          opaque: t.fill[3] === 255,
        }))
        .filter((t) => !t.opaque || t.text < 4.5 || (t.timer !== null && t.timer < 3));
      expect(unreadable).toEqual([]);
      // The walk covered the states: play buttons, the running block's pause, planning and logged time.
      expect(tiles.filter((t) => t.timer).length).toBeGreaterThan(palette.length / 2);
      expect(tiles.some((t) => t.name.includes(l.board.tile.running))).toBe(true);

      await expectNoSeriousA11yViolations(page, `the board of many colours in ${language}`);

      // A week with no blocks has nothing to Tab to inside the hours: the hours' column takes the focus, and the
      // keys scroll the day's 24 hours.
      await page.getByRole("button", { name: l.board.toolbar.next }).click();
      await expect(page.locator("[data-event-id]")).toHaveCount(0);
      await expectNoSeriousA11yViolations(page, `an empty week in ${language}`);
      await page.getByRole("button", { name: l.board.toolbar.panel }).focus();
      await page.keyboard.press("Tab");
      const hours = page.locator("[data-board-hours]");
      await expect(hours).toBeFocused();
      const scrolled = () => hours.evaluate((column) => column.closest("[style*='overflow']")?.scrollTop ?? -1);
      const before = await scrolled();
      await page.keyboard.press("PageDown");
      await expect.poll(scrolled).toBeGreaterThan(before);
      await page.getByRole("button", { name: l.board.toolbar.previous }).click();

      await tile(page, `${palette[7]} 0`).focus();
      await page.keyboard.press("Enter");
      const editor = page.getByRole("dialog", { name: l.eventForm.editTitle });
      await expect(editor).toBeVisible();
      await expectNoSeriousA11yViolations(page, `a block's editor opened from the keyboard in ${language}`);
    });
  });
}
