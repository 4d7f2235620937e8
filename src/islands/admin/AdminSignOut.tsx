import { api } from '#/client/api.ts';

export default function AdminSignOut() {
  const signOut = async () => {
    await api.delete('/api/admin/logout').catch(() => {});
    location.assign('/admin/login');
  };
  return (
    <button type="button" onClick={signOut} className="text-gray-600 hover:text-red-600">
      退出
    </button>
  );
}
