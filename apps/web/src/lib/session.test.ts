import { describe, expect, it } from 'vitest';
import { clearStorage, saveToken, TOKEN_KEY } from './session.ts';

describe('clearStorage', () => {
  it('clears everything on sign-out, and keeps only unsaved survey work when the session expired', () => {
    const fill = () => {
      saveToken('t');
      localStorage.setItem('survey-draft:3:7', '{"version":1}');
      localStorage.setItem('table-state', 'x');
    };
    fill();
    clearStorage();
    expect(localStorage.length).toBe(0);
    fill();
    clearStorage({ keepUnsavedWork: true });
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem('table-state')).toBeNull();
    expect(localStorage.getItem('survey-draft:3:7')).toBe('{"version":1}');
  });
});
