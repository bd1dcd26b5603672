// The reference of the login-bundle benchmark: a minimal React 19 page rendering the antd 6
// login form components, built with Vite 8 (production mode) into a temporary directory.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chunksOf } from './bundle-composition.mjs';
import { at, WEB_DIR } from './paths.mjs';

const INDEX_HTML = `<!doctype html>
<html lang="zh-CN">
  <head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width, initial-scale=1.0" /><title>Login</title></head>
  <body><div id="root"></div><script type="module" src="/main.jsx"></script></body>
</html>
`;

const MAIN_JSX = `import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Button, Checkbox, ConfigProvider, Form, Input, message, Typography } from 'antd';

function Login() {
  const [toast, holder] = message.useMessage();
  return (
    <Form layout="vertical" style={{ maxWidth: 360, margin: '80px auto' }} initialValues={{ remember: true }} onFinish={() => toast.success('OK')}>
      {holder}
      <Typography.Title level={3}>Sign in</Typography.Title>
      <Form.Item label="Account" name="account" rules={[{ required: true, message: 'Enter your account' }]}>
        <Input autoComplete="username" />
      </Form.Item>
      <Form.Item label="Password" name="password" rules={[{ required: true, message: 'Enter your password' }]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item label="Captcha" name="captcha" rules={[{ required: true, len: 4 }]}>
        <Input maxLength={4} />
      </Form.Item>
      <Form.Item name="remember" valuePropName="checked">
        <Checkbox>Remember me</Checkbox>
      </Form.Item>
      <Button type="primary" htmlType="submit" block>Sign in</Button>
      <Typography.Paragraph type="secondary">Forgot password?</Typography.Paragraph>
    </Form>
  );
}

createRoot(document.getElementById('root')).render(
  <StrictMode>
    <ConfigProvider theme={{ token: { colorPrimary: '#1677ff' } }}>
      <Login />
    </ConfigProvider>
  </StrictMode>,
);
`;

/** Builds the reference page; returns { dir (the built site), cleanup() }. */
export async function buildReference() {
  const work = mkdtempSync(join(tmpdir(), 'rrp-bench-ref-'));
  const cleanup = () => rmSync(work, { recursive: true, force: true });
  try {
    writeFileSync(join(work, 'index.html'), INDEX_HTML);
    writeFileSync(join(work, 'main.jsx'), MAIN_JSX);
    // react, react-dom and antd come from the workspace's installed packages
    symlinkSync(at('node_modules'), join(work, 'node_modules'), 'dir');
    mkdirSync(join(work, '.cache'));
    const require = createRequire(join(WEB_DIR, 'package.json'));
    const vite = await import(pathToFileURL(require.resolve('vite')).href);
    const react = (await import(pathToFileURL(require.resolve('@vitejs/plugin-react')).href)).default;
    const out = await vite.build({
      configFile: false,
      root: work,
      mode: 'production',
      logLevel: 'warn',
      cacheDir: join(work, '.cache'),
      plugins: [react()],
      build: { outDir: join(work, 'dist'), emptyOutDir: true, chunkSizeWarningLimit: 4096 },
    });
    return { dir: join(work, 'dist'), chunks: chunksOf(out), versions: { vite: vite.version }, cleanup };
  } catch (e) {
    cleanup();
    throw e;
  }
}
