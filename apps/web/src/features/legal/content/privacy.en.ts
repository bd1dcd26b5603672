import type { LegalDocument } from './types';

export const privacyEn: LegalDocument = {
  title: 'RRP IoT Connectivity Console Privacy Policy',
  updated: '2025-11-01',
  updatedLabel: 'Last updated',
  intro: [
    'The provider of the RRP IoT Connectivity Console ("we" or "us") takes the protection of personal information seriously and handles it in accordance with the Personal Information Protection Law of the People\'s Republic of China and other applicable laws. This Policy explains how we collect, use, store, share and protect your personal information when you use the RRP IoT Connectivity Console (the "Platform"), and the rights you have.',
    'The Platform serves business customers. This Policy applies to the personal information provided by company administrators and the members they invite.',
  ],
  sections: [
    {
      heading: '1. Information we collect',
      paragraphs: ['To provide the service we collect the following information:'],
      items: [
        'Registration and sign-in: e-mail, phone number, password (stored only as an irreversible salted hash), job title or identity, country or region, company name and address; the picture captcha and e-mail codes used at sign-in;',
        'Member management: the name, phone number, e-mail, roles and account state an administrator enters for a member;',
        "Company certification: business licence registration number and image, company website, and the contact person's name, phone and e-mail;",
        "Orders and invoices: payer name, bank transaction number, invoice header, taxpayer ID, bank and account, and the recipient's name, phone, address and e-mail;",
        'Devices and usage: IMEI, EID, ICCID, device names, online status, signal and network information, data usage, and the monitoring, alarm and developer settings you configure;',
        'Logs: to keep accounts and systems secure we record sign-in times, IP addresses, browser type, request IDs and actions taken;',
        'Information you send us: the content of feedback and customer-service messages.',
      ],
    },
    {
      heading: '2. How we use information',
      paragraphs: ['We use your information only to:'],
      items: [
        'create and manage accounts, verify identity and prevent account misuse;',
        'provide core functions such as device connectivity management, order payment, invoicing and alarm notifications;',
        'send service messages such as verification codes, order and reconciliation results, alarms and platform announcements;',
        'carry out security audits, risk control and troubleshooting;',
        'produce statistics from de-identified data to improve the service;',
        'meet our legal obligations.',
      ],
    },
    {
      heading: '3. Cookies and local storage',
      paragraphs: [
        "We use cookies to hold your sign-in credentials (valid for 1 day) and the browser's local storage to keep your language preference, opened tabs, recently visited pages and permission list so that you can continue after reloading the page. We do not use cookies for advertising or tracking. You can clear this data in your browser, after which you will need to sign in again.",
      ],
    },
    {
      heading: '4. Sharing, transfer and disclosure',
      paragraphs: ['We do not sell personal information. We share it with third parties only as far as necessary in the following cases:'],
      items: [
        'Telecom carriers: device identifiers and necessary company information to provide and maintain connectivity;',
        'Payment institutions and banks: to complete payments and reconciliation;',
        'E-mail and SMS providers: to send verification codes and notifications;',
        'Cloud providers: to host and run the Platform;',
        'Competent authorities as required by law, or where necessary to protect the lawful rights of you, us or the public.',
      ],
      after: [
        'We bind service providers by strict confidentiality agreements and require them to process information only on our instructions and under this Policy. Unless the law requires otherwise, we do not publicly disclose your personal information.',
      ],
    },
    {
      heading: '5. Storage and retention',
      paragraphs: [
        "Personal information collected and generated within the People's Republic of China is stored there. If it must be transferred abroad, we will first complete the procedures the law requires, such as a security assessment and obtaining your separate consent.",
        'We keep information only as long as needed for the purposes in this Policy: account information for the life of the account; orders, invoices and other transaction records for at least three years as the law requires; security logs for at least six months. After that we delete or anonymise the information.',
      ],
    },
    {
      heading: '6. Security',
      paragraphs: [
        'We protect your information with measures including: sign-in credentials encrypted in the browser with an RSA public key before they are sent; every API request signed with HMAC-SHA256 against tampering and replay; passwords stored only as salted hashes; data access limited by role and company hierarchy; and audit logging of system access.',
        'If a personal information security incident occurs, we will promptly inform you of what happened, its possible impact and the measures taken, and report it to the authorities as the law requires.',
      ],
    },
    {
      heading: '7. Your rights',
      paragraphs: ['You have the following rights over your personal information:'],
      items: [
        'Access and copy: view your profile and company information on the Account information page;',
        'Correction: correct inaccurate information yourself or ask your administrator to do so;',
        'Deletion: ask us to delete your personal information in the cases provided by law;',
        'Withdraw consent and close the account: contact us to withdraw consent or close your account; withdrawal does not affect processing already carried out on the basis of consent;',
        'Explanation: ask us to explain this Policy and how we process information.',
      ],
    },
    {
      heading: '8. Minors',
      paragraphs: [
        "The Platform serves businesses and their staff and is not intended for anyone under 18. If we learn that we have collected a minor's personal information without a guardian's consent, we will delete it as soon as possible.",
      ],
    },
    {
      heading: '9. Updates to this Policy',
      paragraphs: [
        'We may update this Policy from time to time. The updated Policy is published on this page with its date; for material changes we will also notify you through platform announcements or e-mail.',
      ],
    },
    {
      heading: '10. Contact us',
      paragraphs: [
        "If you have questions, comments or complaints about this Policy or how we handle personal information, contact us through Feedback or the online customer service in the console, or call or e-mail the support phone number and address listed under Contact us on the console's home page. We will reply within 15 working days.",
        'If you are not satisfied with our reply, you may also complain to the competent regulators.',
      ],
    },
  ],
};
