// What each audited action is called on the audit screen; a code without a label shows as is.
export const AUDIT_ACTION_LABEL: Record<string, string> = {
  'staff.add': '添加员工',
  'staff.update': '修改员工',
  'staff.reset_password': '重置员工密码',
  'staff.change_password': '修改自己的密码',
  'licence.approve': '资质审核通过',
  'licence.reject': '资质驳回',
  'licence.remind': '资质到期提醒',
  'store.update': '修改门店资料',
  'store.credit': '修改账期额度',
  'store.allow_list': '修改控销白名单',
  'store.contract_reset': '重置电子合同',
  'order.cancel_request.decline': '拒绝买家取消申请',
  'order.invoice': '上传发票',
};

export const auditActionLabel = (action: string) => AUDIT_ACTION_LABEL[action] ?? action;
