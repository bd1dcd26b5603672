/** Paths the sign-in pages need without loading the console's route table. */
export const HOME_PATH = '/home';
export const LOGIN_PATH = '/login';
/** The back office's home: platform staff land here. */
export const OPS_PATH = '/ops';

/** Pages a signed-out person may open (spec section 2). */
export const PUBLIC_PATHS: readonly string[] = ['/login', '/register', '/invite', '/terms-of-use', '/privacy-policy', '/privacy-policy-en'];

/** Console paths outside the route table. */
export const ERROR_PATHS = { forbidden: '/401', serverError: '/500' } as const;
