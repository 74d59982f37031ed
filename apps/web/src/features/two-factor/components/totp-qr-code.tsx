import { Box, Skeleton } from "@mantine/core";
import { useEffect, useState } from "react";

const size = 184;

/**
 * The otpauth address as a QR code, drawn in the browser: the secret never leaves for another service. The library
 * comes with this component only (decision 018).
 */
export function TotpQrCode({ url, label }: { url: string | null; label: string }) {
  const [image, setImage] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    if (!url) return;
    import("qrcode")
      .then((qrcode) => qrcode.toDataURL(url, { margin: 1, width: size, errorCorrectionLevel: "M" }))
      .then((data) => {
        if (current) setImage(data);
      })
      .catch((error: unknown) => console.error("Could not draw the QR code", error));
    return () => {
      current = false;
    };
  }, [url]);

  return (
    <Box w={size} h={size} style={{ flexShrink: 0 }}>
      {image ? <img src={image} width={size} height={size} alt={label} /> : <Skeleton w={size} h={size} />}
    </Box>
  );
}
