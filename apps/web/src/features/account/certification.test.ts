import { describe, expect, test } from 'vitest';
import { imageProblem } from './certification';

describe('licence image checked in the browser', () => {
  test('takes a JPG or PNG up to 2 MB', () => {
    expect(imageProblem({ type: 'image/png', size: 2 * 1024 * 1024, name: 'a.png' })).toBeNull();
    expect(imageProblem({ type: 'image/jpeg', size: 1000, name: 'a.jpg' })).toBeNull();
  });
  test('refuses other types and 2 MB + 1 byte', () => {
    expect(imageProblem({ type: 'application/pdf', size: 1000, name: 'a.pdf' })).toBe('type');
    expect(imageProblem({ type: 'image/png', size: 2 * 1024 * 1024 + 1, name: 'a.png' })).toBe('size');
  });
});
