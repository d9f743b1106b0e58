/**
 * The profile's calls: the user with their level (GET /admin/users/{id}), the settings' bank list
 * (GET /admin/setting/get) and the save (PUT /admin/users/{id}).
 */
import { TEXT } from '@sewablast/contract/texts';
import type { TUpdateUserRequest, TUpdateUserResponse, TUserDetailResponse } from '@sewablast/contract/users';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { useSettingsQuery } from '../../../lib/settings-query.ts';

const profileKey = (id: number) => ['profile', id] as const;

export function useProfile(id: number) {
  return useQuery({
    queryKey: profileKey(id),
    queryFn: () => api<TUserDetailResponse>(`/admin/users/${id}`, { fallback: TEXT.errorFetchingUser }),
  });
}

/** The settings' banks, 'BCA, MANDIRI, BRI' as a list; a failed read is an empty list (spec part 2 §8). */
export function useBankNames() {
  return useSettingsQuery((answer) =>
    answer.setting.bank_names
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
  );
}

export function useUpdateProfile(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateUserRequest) =>
      api<TUpdateUserResponse>(`/admin/users/${id}`, { method: 'PUT', body, fallback: TEXT.errorUpdatingUser }),
    onSuccess: ({ user }) => client.setQueryData<TUserDetailResponse>(profileKey(id), (old) => old && { ...old, user }),
  });
}
