/**
 * Rasterises the generated cover SVG to PNG with sharp (installed with Astro; external to the
 * function bundle, see netlify.toml). Loaded lazily so its start-up cost is paid only on export.
 */
export async function rasteriseWithSharp(svg: string): Promise<Uint8Array> {
  const { default: sharp } = await import('sharp');
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}
