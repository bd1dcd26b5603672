import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, test } from 'vitest';
import { resetState, signIn } from '../test/utils';
import { Can, useCan } from './access';

function Probe({ code }: { code: 'ACCOUNT_INFO' | 'USER_LIST' }) {
  return <span>{useCan(code) ? 'yes' : 'no'}</span>;
}

describe('access', () => {
  beforeEach(() => resetState());

  test('<Can> renders children only when the code is held', () => {
    signIn(['ACCOUNT_INFO']);
    render(
      <>
        <Can code="ACCOUNT_INFO">
          <i>shown</i>
        </Can>
        <Can code="USER_LIST" fallback={<i>fallback</i>}>
          <i>hidden</i>
        </Can>
      </>,
    );
    expect(screen.queryByText('shown')).not.toBeNull();
    expect(screen.queryByText('hidden')).toBeNull();
    expect(screen.queryByText('fallback')).not.toBeNull();
  });

  test('useCan follows the stored permission list', () => {
    signIn(['USER_LIST']);
    render(
      <>
        <Probe code="USER_LIST" />
        <Probe code="ACCOUNT_INFO" />
      </>,
    );
    expect(screen.getAllByText(/yes|no/).map((e) => e.textContent)).toEqual(['yes', 'no']);
  });

  test('signed out holds nothing', () => {
    render(<Probe code="USER_LIST" />);
    expect(screen.getByText('no')).toBeTruthy();
  });

  test('deductionSource != 0 removes the purchase codes (effectivePermissions at sign-in)', () => {
    signIn(['MERCHANDISE', 'MERCHANDISE_BUY_DATA', 'ACCOUNT_INFO'], { deductionSource: 1 });
    expect(JSON.parse(localStorage.getItem('permissionsList') ?? '[]')).toEqual(['ACCOUNT_INFO']);
  });
});
