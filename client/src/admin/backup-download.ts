import { api, TIMINGS } from '@enclave/protocol';
import { receiveFile } from '../api/client.ts';

/** The name a backup is saved under when the server suggests none (it always does: `enclave-backup-{time}.json`). */
const FALLBACK_NAME = 'enclave-backup.json';
/**
 * How long the object URL outlives the click. Revoking it at once can cancel a download the browser has not
 * started reading yet; a minute is far more than it needs, and the blob is freed afterwards.
 */
const OBJECT_URL_LIFETIME_MS = 60_000;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/**
 * Fetches the backup and hands it to the browser as a download (an object URL on a link with `download`), so a
 * refusal or a failure reaches the page as an error instead of opening the server's JSON in the tab. Resolves
 * with the file's name, no earlier than the spec's 2 s after the start; rejects with the server's error.
 */
export async function downloadBackup(): Promise<string> {
  const startedAt = Date.now();
  const { blob, fileName } = await receiveFile(api.databaseBackup, { silent: true });
  const name = fileName ?? FALLBACK_NAME;
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), OBJECT_URL_LIFETIME_MS);
  await wait(startedAt + TIMINGS.backupToast - Date.now());
  return name;
}
