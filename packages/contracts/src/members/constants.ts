/** A member's state: invited and not yet signed up, enabled, or disabled. */
export const MEMBER_STATES = ['pending', 'enabled', 'disabled'] as const;
export type MemberState = (typeof MEMBER_STATES)[number];
