/** The back office's firmware publishing page. */
export default function OpsFirmwarePage() {
  return null;
}
