import { NumberInput, type NumberInputProps } from "@mantine/core";

/**
 * An amount in euro, typed as it is shown everywhere (Italian style, 1.234,50) whatever the interface language:
 * two decimals and never negative (spec part 2 §5). A typed "." also works as the decimal comma.
 */
export function EuroInput(props: Omit<NumberInputProps, "decimalScale" | "decimalSeparator" | "thousandSeparator">) {
  return (
    <NumberInput
      decimalScale={2}
      decimalSeparator=","
      thousandSeparator="."
      allowNegative={false}
      min={0}
      leftSection="€"
      hideControls
      {...props}
    />
  );
}
