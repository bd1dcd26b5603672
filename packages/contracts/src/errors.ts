import type { Locale } from './locale.js';

/**
 * The error catalogue of spec section 8, plus the codes the product adds (29xxx).
 * `status` is the HTTP status class the envelope travels with.
 */
type Entry = { status: number; zh: string; en: string };

const catalogue = {
  // 1xxxx system
  10001: { status: 500, zh: '系统内部错误，请稍后再试', en: 'Internal error, please try again later' },
  10002: { status: 403, zh: '没有操作权限', en: 'No operation permission' },
  10003: { status: 500, zh: 'Excel 生成错误', en: 'Excel generation error' },
  10004: { status: 500, zh: '上传到存储失败', en: 'Upload to storage failed' },
  // 21xxx customer
  21001: { status: 404, zh: '客户不存在', en: 'Customer not found' },
  21002: { status: 403, zh: '客户状态异常或已停用', en: 'Customer is abnormal or disabled' },
  21003: { status: 404, zh: '该名称没有对应的记录', en: 'No record for this name' },
  21004: { status: 400, zh: '缺少 clientId', en: 'clientId is missing' },
  // 22xxx account and session
  22001: { status: 409, zh: '管理员名称重复', en: 'Duplicate administrator name' },
  22002: { status: 400, zh: '名称缺失或不合法', en: 'Name is missing or invalid' },
  22003: { status: 401, zh: '非法的 token', en: 'Illegal token' },
  22004: { status: 400, zh: '密码不合法', en: 'Invalid password' },
  22005: { status: 400, zh: '密码错误', en: 'Wrong password' },
  22006: { status: 400, zh: '缺少 roleId', en: 'roleId is missing' },
  22007: { status: 401, zh: '缺少 token', en: 'Token is missing' },
  22008: { status: 401, zh: '未登录或登录已超时', en: 'Not logged in or the session timed out' },
  22009: { status: 403, zh: '账号已停用', en: 'The account is disabled' },
  // 23xxx devices
  23001: { status: 400, zh: '缺少 IMEI', en: 'IMEI is missing' },
  23002: { status: 400, zh: 'IMEI 错误，应为 15 位数字', en: 'Wrong IMEI: it must be 15 digits' },
  23003: { status: 404, zh: '设备不存在', en: 'Device not found' },
  23004: { status: 400, zh: '请上传导入文件', en: 'The import file is required' },
  23005: { status: 400, zh: '文件格式错误，仅支持 xlsx', en: 'Wrong file format: only xlsx is accepted' },
  23006: { status: 400, zh: '导入行数超过上限', en: 'Too many rows in the import file' },
  23007: { status: 400, zh: '请选择区域', en: 'The region is required' },
  23008: { status: 400, zh: '设备名称过长', en: 'The device name is too long' },
  23009: { status: 400, zh: 'IMEI 不属于该账号', en: 'IMEIs not belonging to the account' },
  23010: { status: 409, zh: 'License 库存不足', en: 'Not enough Licenses in stock' },
  23011: { status: 409, zh: '设备状态不可用', en: 'The device state does not allow this' },
  23012: { status: 409, zh: '5 分钟内不能重复切卡', en: 'Cards cannot be switched again within 5 minutes' },
  23013: { status: 400, zh: '导出日期范围不合法', en: 'The export date range is invalid' },
  23014: { status: 400, zh: '每次最多操作 {max} 个 IMEI', en: 'At most {max} IMEIs per operation' },
  23015: { status: 409, zh: '部分 IMEI 正被同时导入，请稍后重试', en: 'Some IMEIs were being imported at the same time, please retry' },
  // 24xxx paging
  24001: { status: 400, zh: '缺少 pageNum', en: 'pageNum is missing' },
  24002: { status: 400, zh: 'pageNum 不合法', en: 'pageNum is invalid' },
  24003: { status: 400, zh: '缺少 pageSize', en: 'pageSize is missing' },
  24004: { status: 400, zh: 'pageSize 不合法', en: 'pageSize is invalid' },
  24005: { status: 400, zh: 'pageSize 超过上限', en: 'pageSize is over the limit' },
  // 25xxx device groups
  25002: { status: 409, zh: '分组不为空，不能删除', en: 'The group is not empty' },
  25003: { status: 409, zh: '分组名称重复', en: 'Duplicate group name' },
  25004: { status: 409, zh: '默认分组不能删除', en: 'The default group cannot be deleted' },
  25005: { status: 409, zh: '默认分组不能移除设备', en: 'Devices cannot be removed from the default group' },
  25006: { status: 500, zh: '默认分组不存在', en: 'The default group is missing' },
  25007: { status: 403, zh: '用户不匹配', en: 'User mismatch' },
  25008: { status: 400, zh: '卡类型不匹配', en: 'Card type mismatch' },
  25009: { status: 404, zh: '分组不存在', en: 'Group not found' },
  25010: { status: 400, zh: '缺少分组名称', en: 'deviceGroupName is missing' },
  25011: { status: 400, zh: '分组名称过长', en: 'The group name is too long' },
  25012: { status: 400, zh: '缺少 groupId', en: 'groupId is missing' },
  25013: { status: 400, zh: '缺少设备', en: 'Devices are missing' },
  25014: { status: 400, zh: '缺少 cardType', en: 'cardType is missing' },
  // 26xxx data plans
  26001: { status: 400, zh: '套餐参数错误', en: 'Data plan parameter error' },
  26002: { status: 400, zh: '缺少 dataPlanName', en: 'dataPlanName is missing' },
  26003: { status: 400, zh: '缺少 dataPlanId', en: 'dataPlanId is missing' },
  26004: { status: 400, zh: '缺少 bundleId', en: 'bundleId is missing' },
  26005: { status: 400, zh: '缺少 mccs', en: 'mccs is missing' },
  26006: { status: 400, zh: '缺少套餐描述', en: 'The package description is missing' },
  26007: { status: 404, zh: '套餐不存在', en: 'Data plan not found' },
  26008: { status: 400, zh: '缺少 state', en: 'state is missing' },
  26009: { status: 409, zh: '套餐状态不允许该操作', en: 'The plan state does not allow this operation' },
  26010: { status: 409, zh: '套餐名称已存在', en: 'The plan name already exists' },
  // 27xxx orders
  27001: { status: 400, zh: '订单号不合法', en: 'The order id is invalid' },
  27002: { status: 400, zh: '缺少订单号', en: 'orderId is missing' },
  27003: { status: 400, zh: '订单请求不合法', en: 'The order request is invalid' },
  27004: { status: 400, zh: '导入文件为空', en: 'The import file is empty' },
  27005: { status: 400, zh: 'EID 列表为空', en: 'The EID list is empty' },
  27006: { status: 404, zh: '订单分组不存在', en: 'Order group not found' },
  27007: { status: 409, zh: '订单已过期', en: 'The order has expired' },
  27008: { status: 409, zh: '订单状态不允许该操作', en: 'The order state does not allow this' },
  27009: { status: 404, zh: '没有找到支付记录', en: 'No payment record found' },
  27010: { status: 502, zh: '支付状态查询失败', en: 'Payment status query failed' },
  // 28xxx request
  28001: { status: 400, zh: '请求不是合法的 JSON', en: 'The request is not valid JSON' },
  28002: { status: 400, zh: '请求参数不合法', en: 'Request parameter invalid' },
  28003: { status: 401, zh: '认证失败', en: 'Authentication failed' },
  // 29xxx added by this product: sign-in, registration and request limits
  29001: { status: 400, zh: '图形验证码错误或已过期', en: 'The picture captcha is wrong or has expired' },
  29002: { status: 429, zh: '登录失败次数过多，请 {minutes} 分钟后再试', en: 'Too many failed sign-ins, try again in {minutes} minutes' },
  29003: { status: 400, zh: '邮箱验证码错误或已过期', en: 'The e-mail code is wrong or has expired' },
  29004: { status: 429, zh: '发送过于频繁，请 {seconds} 秒后再试', en: 'Sent too often, try again in {seconds} seconds' },
  29005: { status: 409, zh: '该邮箱已注册', en: 'This e-mail is already registered' },
  29006: {
    status: 400,
    zh: '密码须为 8-16 位，包含数字、大写字母、小写字母、特殊字符中的至少三种，且不能包含 admin、user、root 等常见词',
    en: 'The password must be 8-16 characters with at least three of digits, uppercase, lowercase and special characters, and no common words such as admin, user or root',
  },
  29007: { status: 400, zh: '两次输入的密码不一致', en: 'The two passwords are inconsistent' },
  29008: { status: 400, zh: '请阅读并勾选服务协议和隐私政策', en: 'Please read and accept the service agreement and privacy policy' },
  29009: { status: 400, zh: '账号信息格式不正确，请输入手机号或邮箱', en: 'Account information format is incorrect, please enter a mobile number or e-mail' },
  29010: { status: 400, zh: '验证码错误次数过多，请重新获取', en: 'Too many wrong codes, please request a new one' },
  29011: { status: 413, zh: '请求内容过大', en: 'The request is too large' },
  29012: { status: 404, zh: '资源不存在', en: 'Not found' },
  29013: { status: 429, zh: '请求过于频繁，请稍后再试', en: 'Too many requests, please try again later' },
  29014: { status: 409, zh: '该手机号已注册', en: 'This phone number is already registered' },
  29015: { status: 401, zh: '用户名或密码错误', en: 'Wrong user name or password' },
  29016: { status: 400, zh: '登录凭据无法解密，请刷新页面后重试', en: 'The sign-in data could not be decrypted, please refresh the page and retry' },
  29017: { status: 500, zh: '邮件发送失败', en: 'Mail send failed' },
  // 5xxxx carrier and profile operations
  51001: { status: 502, zh: '获取 Profile 资源失败', en: 'Failed to get the profile resource' },
  51002: { status: 502, zh: 'Profile 激活失败', en: 'Profile activation failed' },
  51003: { status: 502, zh: '获取 AC 失败', en: 'Failed to fetch the AC' },
  51004: { status: 502, zh: 'Profile 去激活失败', en: 'Profile deactivation failed' },
  51005: { status: 502, zh: 'Profile 回收失败', en: 'Profile recycle failed' },
  51006: { status: 400, zh: 'Profile 列表为空', en: 'The profile list is empty' },
  51007: { status: 400, zh: '不支持的码状态', en: 'Unsupported code status' },
  51008: { status: 404, zh: 'Profile 不存在', en: 'Profile not found' },
  52001: { status: 500, zh: '无法从缓存获取 MCC', en: 'Cannot get the MCC from the cache' },
  53001: { status: 502, zh: '开通数据服务失败', en: 'Enabling the data service failed' },
  53002: { status: 502, zh: '停用数据服务失败', en: 'Disabling the data service failed' },
  53003: { status: 502, zh: '流量查询失败', en: 'Traffic query failed' },
  54001: { status: 502, zh: '获取套餐列表失败', en: 'Failed to get the bundle list' },
  60002: { status: 400, zh: '导入文件解析失败', en: 'The import file could not be parsed' },
  // 88xxx session state the web client reacts to
  88003: { status: 401, zh: '登录已失效，请重新登录', en: 'The session is invalid or expired, please sign in again' },
  88016: { status: 401, zh: '登录状态已变更，请重新登录', en: 'The session has ended, please sign in again' },
} as const satisfies Record<number, Entry>;

export type ErrorCode = keyof typeof catalogue;
export const ERROR_CODES = Object.keys(catalogue).map(Number) as ErrorCode[];

export function errorStatus(code: ErrorCode): number {
  return catalogue[code].status;
}

/** The message of a code in a locale, with `{name}` placeholders filled from params. */
export function errorMessage(code: ErrorCode, locale: Locale, params?: Record<string, string | number>): string {
  const entry: Entry = catalogue[code];
  let text = locale === 'en' ? entry.en : entry.zh;
  if (params) for (const [k, v] of Object.entries(params)) text = text.replaceAll(`{${k}}`, String(v));
  return text;
}

/** Names of request fields, for validation messages that say which field is wrong. */
export const FIELD_NAMES: Record<string, { zh: string; en: string }> = {
  name: { zh: '账号', en: 'account' },
  password: { zh: '密码', en: 'password' },
  confirmPassword: { zh: '确认密码', en: 'confirm password' },
  pictureCaptcha: { zh: '图形验证码', en: 'picture captcha' },
  key: { zh: '验证码标识', en: 'captcha id' },
  email: { zh: '邮箱', en: 'e-mail' },
  code: { zh: '邮箱验证码', en: 'e-mail code' },
  phone: { zh: '手机号', en: 'phone' },
  jobTitle: { zh: '职位/身份', en: 'job title/identity' },
  country: { zh: '国家/地区', en: 'country' },
  companyName: { zh: '公司名称', en: 'company name' },
  companyAddress: { zh: '公司地址', en: 'company address' },
  agreement: { zh: '服务协议', en: 'service agreement' },
  feedback: { zh: '反馈内容', en: 'feedback' },
  localCode: { zh: '语言', en: 'language' },
  pageNum: { zh: '页码', en: 'pageNum' },
  pageSize: { zh: '每页条数', en: 'pageSize' },
  id: { zh: 'ID', en: 'id' },
  read: { zh: '已读状态', en: 'read state' },
  purpose: { zh: '用途', en: 'purpose' },
};
