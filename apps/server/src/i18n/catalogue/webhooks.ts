import type { Bilingual } from '../text.js';

/** Webhook texts: why a URL is refused (error 38004 with the URL field) and the test event. */
export const WEBHOOK_TEXTS = {
  'webhooks.refused.scheme': { zh: 'Webhook 地址不可用：只接受 https:// 地址', en: 'The webhook URL cannot be used: only https:// addresses are accepted' },
  'webhooks.refused.credentials': {
    zh: 'Webhook 地址不可用：地址中不能包含用户名或密码',
    en: 'The webhook URL cannot be used: it must not carry a user name or password',
  },
  'webhooks.refused.unresolvable': { zh: 'Webhook 地址不可用：无法解析主机 {host}', en: 'The webhook URL cannot be used: the host {host} does not resolve' },
  'webhooks.refused.loopback': {
    zh: 'Webhook 地址不可用：{host} 指向本机回环地址（{address}）',
    en: 'The webhook URL cannot be used: {host} points to a loopback address ({address})',
  },
  'webhooks.refused.private': {
    zh: 'Webhook 地址不可用：{host} 指向内网地址（{address}）',
    en: 'The webhook URL cannot be used: {host} points to a private network address ({address})',
  },
  'webhooks.refused.linkLocal': {
    zh: 'Webhook 地址不可用：{host} 指向链路本地地址（{address}，含云元数据服务）',
    en: 'The webhook URL cannot be used: {host} points to a link-local address ({address}, such as the cloud metadata service)',
  },
  'webhooks.refused.sharedAddress': {
    zh: 'Webhook 地址不可用：{host} 指向运营商级 NAT 地址（{address}）',
    en: 'The webhook URL cannot be used: {host} points to a carrier-grade NAT address ({address})',
  },
  'webhooks.refused.thisNetwork': {
    zh: 'Webhook 地址不可用：{host} 指向“本网络”地址（{address}）',
    en: 'The webhook URL cannot be used: {host} points to a "this network" address ({address})',
  },
  'webhooks.refused.multicast': {
    zh: 'Webhook 地址不可用：{host} 指向组播地址（{address}）',
    en: 'The webhook URL cannot be used: {host} points to a multicast address ({address})',
  },
  'webhooks.refused.unspecified': {
    zh: 'Webhook 地址不可用：{host} 指向未指定地址（{address}）',
    en: 'The webhook URL cannot be used: {host} points to the unspecified address ({address})',
  },
  'webhooks.refused.reserved': {
    zh: 'Webhook 地址不可用：{host} 指向保留地址（{address}）',
    en: 'The webhook URL cannot be used: {host} points to a reserved address ({address})',
  },
} satisfies Record<string, Bilingual>;
