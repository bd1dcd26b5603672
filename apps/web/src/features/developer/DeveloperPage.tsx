/** The developer area. */
export default function DeveloperPage() {
  return null;
}
