import { useMemo } from "react";
import { useTranslation } from "react-i18next";

/**
 * Numbers with a fixed count of decimals in the interface language (12.5 or 12,5). The figures arrive already rounded
 * by the server's rules (one decimal for hours and rings, two for percentages): this only writes them.
 */
export function useDecimalFormat(digits: number): (value: number) => string {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const format = new Intl.NumberFormat(i18n.language, {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    return (value: number) => format.format(value);
  }, [i18n.language, digits]);
}
