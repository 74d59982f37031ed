import { saveFile } from "../../lib/save-file";

/** Hands the browser a file made here (an export), as if it had been downloaded. */
export function downloadFile(content: string, fileName: string, type: string): void {
  saveFile(new Blob([content], { type }), fileName);
}
