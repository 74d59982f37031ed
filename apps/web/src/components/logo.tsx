import { VisuallyHidden } from "@mantine/core";
import { IconHourglassHigh } from "@tabler/icons-react";
import classes from "./logo.module.css";

/** The product wordmark (inline, so it may sit inside a heading); `compact` shows only the mark. */
export function Logo({ size = "md", compact = false }: { size?: "md" | "lg"; compact?: boolean }) {
  const markSize = size === "lg" ? 40 : 32;
  return (
    <span className={classes.logo}>
      <span className={classes.mark} style={{ width: markSize, height: markSize }} aria-hidden="true">
        <IconHourglassHigh size={markSize * 0.6} stroke={2} />
      </span>
      {compact ? (
        <VisuallyHidden component="span">Timetrap</VisuallyHidden>
      ) : (
        <span className={classes.word} style={{ fontSize: size === "lg" ? 28 : 20 }}>
          Timetrap
        </span>
      )}
    </span>
  );
}
