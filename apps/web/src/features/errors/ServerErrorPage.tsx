import ServerErrorView from './ServerErrorView';

export default function ServerErrorPage() {
  return <ServerErrorView />;
}
