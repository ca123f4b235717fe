// The QR codes printed in a PDF the app wrote, read back: pdf.js gives each image XObject a page
// paints as pixels (its operator list), and jsQR decodes those pixels (API tests of issued documents).
import path from 'node:path';
import jsQR from 'jsqr';

/** Every QR code's text found in the PDF's images, page by page. */
export async function pdfQrCodes(bytes: ArrayBuffer | Uint8Array): Promise<string[]> {
  const { getDocument, OPS } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const standardFontDataUrl = `${path.join(process.cwd(), 'node_modules/pdfjs-dist/standard_fonts')}/`;
  const pdf = await getDocument({ data: new Uint8Array(bytes), standardFontDataUrl, verbosity: 0 }).promise;
  const found: string[] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const page = await pdf.getPage(number);
    const operators = await page.getOperatorList();
    for (let index = 0; index < operators.fnArray.length; index += 1) {
      if (operators.fnArray[index] !== OPS.paintImageXObject) continue;
      const name = operators.argsArray[index][0] as string;
      const image = await new Promise<{ width: number; height: number; data: Uint8ClampedArray | Uint8Array; kind: number }>((resolve) => page.objs.get(name, resolve));
      const rgba = toRgba(image);
      const code = jsQR(rgba, image.width, image.height);
      if (code) found.push(code.data);
    }
  }
  return found;
}

/** pdf.js image kinds: 1 grey at 1 bit a pixel, 2 RGB, 3 RGBA. */
function toRgba(image: { width: number; height: number; data: Uint8ClampedArray | Uint8Array; kind: number }): Uint8ClampedArray {
  const { width, height, data, kind } = image;
  const out = new Uint8ClampedArray(width * height * 4);
  for (let pixel = 0; pixel < width * height; pixel += 1) {
    let r: number;
    let g: number;
    let b: number;
    if (kind === 3) {
      [r, g, b] = [data[pixel * 4], data[pixel * 4 + 1], data[pixel * 4 + 2]];
    } else if (kind === 2) {
      [r, g, b] = [data[pixel * 3], data[pixel * 3 + 1], data[pixel * 3 + 2]];
    } else {
      const rowBytes = (width + 7) >> 3;
      const x = pixel % width;
      const y = Math.floor(pixel / width);
      const bit = (data[y * rowBytes + (x >> 3)] >> (7 - (x & 7))) & 1;
      r = g = b = bit ? 255 : 0;
    }
    out.set([r, g, b, 255], pixel * 4);
  }
  return out;
}
