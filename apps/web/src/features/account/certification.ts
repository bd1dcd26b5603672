import { LICENSE_IMAGE } from '@rrp/contracts/constants';

/** What the browser can tell about a chosen licence image before it is sent: its type and size (the server checks the content). */
export function imageProblem(file: { type: string; size: number; name: string }): 'type' | 'size' | null {
  const typeOk = (LICENSE_IMAGE.types as readonly string[]).includes(file.type) || /\.(jpe?g|png)$/i.test(file.name);
  if (!typeOk) return 'type';
  if (file.size > LICENSE_IMAGE.maxBytes) return 'size';
  return null;
}
