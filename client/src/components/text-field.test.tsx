import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TextField, type TextFieldProps } from './text-field.tsx';

/** A field whose value the test holds, as the forms do; `changes` hears every string onChange gives. */
function Controlled({
  changes,
  ...props
}: Omit<TextFieldProps, 'value' | 'onChange'> & { changes: (value: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <TextField
      {...props}
      value={value}
      onChange={(next) => {
        setValue(next);
        changes(next);
      }}
    />
  );
}

const describedBy = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent);

describe('TextField', () => {
  it('labels the input and describes it by its description and, once there is one, its error', () => {
    const { rerender } = render(
      <TextField label="Username" description="3 to 20 letters" value="" onChange={() => {}} />,
    );
    const input = screen.getByRole('textbox', { name: 'Username' });
    expect(describedBy(input)).toEqual(['3 to 20 letters']);
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText('Too short')).toBeNull();

    rerender(
      <TextField label="Username" description="3 to 20 letters" error="Too short" value="" onChange={() => {}} />,
    );
    expect(describedBy(input)).toEqual(['3 to 20 letters', 'Too short']);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Too short')).toBeTruthy();

    rerender(<TextField label="Username" value="" onChange={() => {}} />);
    expect(input.getAttribute('aria-describedby')).toBeNull();
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });

  it('gives onChange the text as it is typed', async () => {
    const changes = vi.fn();
    render(<Controlled label="Email" type="email" changes={changes} />);
    const input = screen.getByRole('textbox', { name: 'Email' }) as HTMLInputElement;
    await userEvent.type(input, 'al@x');
    expect(changes).toHaveBeenLastCalledWith('al@x');
    expect(changes).toHaveBeenCalledTimes(4);
    expect(input.value).toBe('al@x');
    expect(input.type).toBe('email');
  });

  it('is a text area of the given rows, with its error wired the same way', async () => {
    const changes = vi.fn();
    render(<Controlled label="Bio" rows={4} error="Too long" changes={changes} />);
    const area = screen.getByRole('textbox', { name: 'Bio' }) as HTMLTextAreaElement;
    expect(area.tagName).toBe('TEXTAREA');
    expect(area.getAttribute('rows')).toBe('4');
    expect(describedBy(area)).toEqual(['Too long']);
    expect(area.getAttribute('aria-invalid')).toBe('true');
    await userEvent.type(area, 'hi');
    expect(changes).toHaveBeenLastCalledWith('hi');
  });

  it('says required, disabled and read-only natively', () => {
    render(
      <>
        <TextField label="Reason" isRequired defaultValue="" />
        <TextField label="Tags" isDisabled defaultValue="" />
        <TextField label="Code" isReadOnly defaultValue="123" />
      </>,
    );
    const reason = screen.getByRole('textbox', { name: 'Reason' }) as HTMLInputElement;
    expect(reason.required).toBe(true);
    expect(reason.getAttribute('aria-required')).toBe('true');
    expect((screen.getByRole('textbox', { name: 'Tags' }) as HTMLInputElement).disabled).toBe(true);
    const code = screen.getByRole('textbox', { name: 'Code' }) as HTMLInputElement;
    expect(code.readOnly).toBe(true);
    expect(code.value).toBe('123');
  });
});
