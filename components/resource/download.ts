'use client';
// File answers (exports) are not JSON, so they bypass the JSON client: the browser's session
// cookie authenticates the request, and the blob is handed to the browser as a download named
// by the server's Content-Disposition.

export type DownloadResult = { ok: true } | { ok: false; status: number; data: unknown };

function fileName(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (encoded) {
    try {
      return decodeURIComponent(encoded[1].trim());
    } catch {
      // A malformed encoded name falls through to the plain one.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1].trim() : fallback;
}

export async function downloadFile(path: string, fallbackName: string, signal?: AbortSignal): Promise<DownloadResult> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'same-origin', signal });
  } catch {
    // Offline or aborted: status 0 lets the caller show "could not connect".
    return { ok: false, status: 0, data: null };
  }
  if (!response.ok) {
    const data: unknown = await response.json().catch(() => null);
    return { ok: false, status: response.status, data };
  }
  saveBlob(await response.blob(), fileName(response.headers.get('Content-Disposition'), fallbackName));
  return { ok: true };
}

/** Hands a file already read (a POST's answer: a welcome sheet) to the browser as a download. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
