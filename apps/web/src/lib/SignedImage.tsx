import type { ApiParams, FileKey } from '@rrp/contracts';
import { useQuery } from '@tanstack/react-query';
import { Empty, Image, Skeleton } from 'antd';
import { useEffect, useMemo } from 'react';
import { fetchFile } from './api';

/** An image served by a signed endpoint (a licence image): fetched with the session's signature, shown from a blob URL. */
export function SignedImage<K extends FileKey>({ endpoint, params, alt, empty }: { endpoint: K; params?: ApiParams<K>; alt: string; empty: string }) {
  const file = useQuery({
    queryKey: ['file', endpoint, params],
    queryFn: () => fetchFile(endpoint, { params, silent: true } as never),
    staleTime: 5 * 60 * 1000,
    retry: false,
  });
  const url = useMemo(() => (file.data ? URL.createObjectURL(file.data) : null), [file.data]);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  if (file.isLoading) return <Skeleton.Image active />;
  if (!url) return <Empty description={empty} image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return <Image src={url} alt={alt} style={{ maxWidth: '100%', maxHeight: 360, objectFit: 'contain' }} data-testid="signed-image" />;
}
