import { useQuery } from '@tanstack/react-query';
import type { VersionReply } from '@sb/contract';
import { post } from './api/client';
import { config } from './config';

/** The brand's name from /api/version (one build serves many brands); 'Demo' until it answers. */
export function useBrand(): string {
  const { data } = useQuery({
    queryKey: ['version'],
    queryFn: () => post<VersionReply>('version'),
    staleTime: Infinity,
    retry: false,
  });
  return data?.brand || config.defaultBrand;
}
