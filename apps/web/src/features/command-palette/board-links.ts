/**
 * The palette's board actions are addresses the board reads (issue 21): `?view=week|day`, `?date=YYYY-MM-DD`,
 * `?panel=tasks` and `?do=new-block|shortcuts`. On a board they keep its person and its other parameters (the week
 * shown, the open panel); elsewhere they open the signed-in person's board.
 */

const boardPath = /^\/user\/([^/]+)\/board\/?$/;

export interface BoardPlace {
  /** The board's path: the current one, or the signed-in person's. */
  path: string;
  /** The current board's parameters, or none away from a board. */
  search: URLSearchParams;
  /** Whether the current page is that board. */
  onBoard: boolean;
}

/** The board an action works on, seen from `pathname` + `search`. */
export function boardPlace(pathname: string, search: string, ownUserId: string): BoardPlace {
  if (boardPath.test(pathname)) return { path: pathname, search: new URLSearchParams(search), onBoard: true };
  return { path: `/user/${encodeURIComponent(ownUserId)}/board`, search: new URLSearchParams(), onBoard: false };
}

/** `place` with `changes` applied: a string sets a parameter, null removes it. */
export function boardLink(place: Pick<BoardPlace, "path" | "search">, changes: Record<string, string | null>): string {
  const search = new URLSearchParams(place.search);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) search.delete(name);
    else search.set(name, value);
  }
  const query = search.toString();
  return query ? `${place.path}?${query}` : place.path;
}

/** The signed-in person's own board, for a new block: their current board's parameters when on it. */
export function ownBoardPlace(pathname: string, search: string, ownUserId: string): BoardPlace {
  const place = boardPlace(pathname, search, ownUserId);
  return place.path === `/user/${encodeURIComponent(ownUserId)}/board` ? place : boardPlace("", "", ownUserId);
}
