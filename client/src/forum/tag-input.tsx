import { FORUM_TEXT, LIMITS } from '@enclave/protocol';
import { Plus, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../components/button.tsx';
import { TextField } from '../components/text-field.tsx';
import * as styles from './create-thread-dialog.css.ts';
import * as tagList from './tag-list.css.ts';
import { addTags } from './tags.ts';

interface TagInputProps {
  tags: string[];
  onChange: (tags: string[]) => void;
}

/** Spec 000 §5: a tag is added on Enter, comma, blur or the Add button, and removed with its own button. */
export function TagInput({ tags, onChange }: TagInputProps) {
  const [draft, setDraft] = useState('');
  const isFull = tags.length >= LIMITS.tagsMax;

  const commit = (text: string) => {
    if (text.trim()) onChange(addTags(tags, text));
    setDraft('');
  };

  const type = (text: string) => {
    const lastComma = text.lastIndexOf(',');
    if (lastComma === -1) return setDraft(text);
    onChange(addTags(tags, text.slice(0, lastComma)));
    setDraft(text.slice(lastComma + 1));
  };

  return (
    <div className={styles.tagField}>
      <div className={styles.tagEntry}>
        <TextField
          label="Tags"
          placeholder="e.g. vpn"
          description={isFull ? FORUM_TEXT.tagsMax(LIMITS.tagsMax) : 'Separate tags with Enter or a comma.'}
          value={draft}
          onChange={type}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            commit(draft);
          }}
          onBlur={() => commit(draft)}
          maxLength={LIMITS.tagMax}
          isDisabled={isFull}
        />
        <Button variant="secondary" className={styles.addTag} onPress={() => commit(draft)} isDisabled={isFull}>
          <Plus size={16} aria-hidden />
          Add
        </Button>
      </div>
      {tags.length > 0 && (
        <ul className={tagList.tags} aria-label="Tags">
          {tags.map((tag) => (
            <li key={tag} className={styles.tagChip}>
              #{tag}
              <Button
                variant="ghost"
                className={styles.removeTag}
                aria-label={`Remove tag ${tag}`}
                onPress={() => onChange(tags.filter((item) => item !== tag))}
              >
                <X size={12} aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
