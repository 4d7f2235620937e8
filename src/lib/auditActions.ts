// What each audited action is called on the audit screen; a code without a label shows as is.
export const AUDIT_ACTION_LABEL: Record<string, string> = {
  'staff.add': '添加员工',
  'staff.update': '修改员工',
  'staff.reset_password': '重置员工密码',
  'staff.change_password': '修改自己的密码',
  'order.cancel_request.decline': '拒绝买家取消申请',
};

export const auditActionLabel = (action: string) => AUDIT_ACTION_LABEL[action] ?? action;
