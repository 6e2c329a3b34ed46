import { api } from '@enclave/protocol';
import { useQuery } from '@tanstack/react-query';
import { call } from '../api/client.ts';
import { CookedText } from '../components/cooked-text.tsx';
import * as styles from './markdown-editor.css.ts';

/**
 * The draft as it will read: cooked by the server (the same Markdown and sanitizer a write goes through, mentions
 * linked), asked for when the Preview tab is shown and kept per text, so going back and forth asks once.
 */
export function EditorPreview({ content }: { content: string }) {
  const hasText = content.trim() !== '';
  const preview = useQuery({
    queryKey: ['preview', content],
    queryFn: ({ signal }) => call(api.preview, { body: { content }, signal, silent: true }),
    enabled: hasText,
    gcTime: 60_000,
  });
  if (!hasText) return <p className={`${styles.preview} ${styles.previewNote}`}>Nothing to preview</p>;
  if (preview.isError) {
    return (
      <p className={`${styles.preview} ${styles.previewError}`} role="alert">
        The preview could not be shown: {preview.error.message}
      </p>
    );
  }
  if (!preview.data) {
    return (
      <p className={`${styles.preview} ${styles.previewNote}`} aria-busy="true">
        Loading preview…
      </p>
    );
  }
  return <CookedText html={preview.data.cooked} className={styles.preview} />;
}
