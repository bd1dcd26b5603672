import type { LegalDocument } from './types';

export const termsEn: LegalDocument = {
  title: 'RRP IoT Connectivity Console Service Agreement',
  updated: '2025-11-01',
  updatedLabel: 'Last updated',
  intro: [
    'Welcome to the RRP IoT Connectivity Console (the "Platform"). This Agreement is made between the business you represent ("you" or the "Customer") and the provider of the Platform ("we" or "us") and governs your use of the Platform and related services.',
    'Please read the whole Agreement carefully before registering, in particular the clauses that exclude or limit liability and the dispute resolution clause. By ticking "I have read and agree" and completing registration you confirm that you understand and accept this Agreement. If you do not agree with any part of it, do not register or use the Platform.',
  ],
  sections: [
    {
      heading: '1. Scope of the service',
      paragraphs: ['The Platform provides business customers with connectivity management for IoT devices, including:'],
      items: [
        'importing devices by IMEI and managing devices with SIM or eSIM cards, and device groups;',
        'buying device Licenses, data top-ups for the shared data pool and AC Licenses, and viewing orders, bills and invoices;',
        'configuring network monitoring and switching strategies, data pool warning policies and device alarm thresholds;',
        'managing sub-companies, members and roles, and using the developer area (device key, API keys, webhooks and callback keys);',
        'reading platform announcements and operation reports, and sending feedback.',
      ],
      after: [
        'We may adjust or upgrade the service as our business develops and will tell you through announcements, in-console messages or e-mail. Some functions are available only to customers that have completed company certification or bought the relevant service.',
      ],
    },
    {
      heading: '2. Accounts and security',
      paragraphs: [
        'You must register on behalf of a business and keep the e-mail, phone number, company name, address and other information you provide true, accurate and complete, updating it when it changes. You bear any loss caused by inaccurate or outdated information.',
        'The account created at registration is the company administrator. The administrator may invite members and assign roles to them, and you are responsible for all actions taken under your company account and its member accounts.',
        'Keep your account, password and API keys secure and do not lend, rent or share them. If an account is compromised or at risk, change the password at once and contact us. We will take reasonable steps to help but are not liable for losses not caused by us.',
      ],
    },
    {
      heading: '3. Company certification',
      paragraphs: [
        'You may submit certification documents in the console, including the company name and address, business licence registration number and image, and contact details. Review usually takes 1 to 3 working days and the result is shown in the console; if rejected, you may correct the information according to the reason given and resubmit.',
        'After certification we grant device Licenses and data under the promotion rules published at the time. Granted resources cannot be exchanged for cash or transferred.',
      ],
    },
    {
      heading: '4. Fees, Licenses and payment',
      paragraphs: [
        'Services are charged at the prices published on the Platform at the time you place an order. Each device License provides one year of service from activation with the included free data; data top-ups are added to the company data pool in units of 1 GB and do not expire; AC Licenses are bought per unit and consumed by the number of ACs imported.',
        'You may pay by WeChat Pay or by offline bank transfer. For an offline transfer please pay within 3 days of ordering; unpaid orders are cancelled automatically after 10 days. We reconcile payments within 1 to 3 working days of receipt, after which the resources are delivered automatically.',
        'Licenses and data that have been activated or consumed are not refundable unless the law requires otherwise. Invoicing follows the rules shown on the invoice management page.',
        'If your costs are borne by your parent company, purchases are handled by the parent and the purchase pages are not shown to your account.',
      ],
    },
    {
      heading: '5. Data and privacy',
      paragraphs: [
        'Device information, usage data, configurations and business data you upload to or generate on the Platform belong to you. We process them only to provide, maintain and improve the service and never sell them to third parties.',
        'Our collection and use of personal information is governed by the Privacy Policy, which forms part of this Agreement.',
        'The Platform records and computes all times in Coordinated Universal Time (UTC) and usage data is compiled on a T+1 basis. Figures may briefly differ from actual usage because of delays in carrier reporting.',
      ],
    },
    {
      heading: '6. Acceptable use',
      paragraphs: ['You agree to use the Platform lawfully and not to:'],
      items: [
        'use devices or connectivity for crime, telecom fraud, spam or any activity that harms others;',
        'breach the rules of the country or region where a device operates on real-name registration, radio management or cross-border data transfer;',
        'reverse engineer, scan or load-test the Platform or otherwise interfere with its operation;',
        "bypass request signing, rate limits or other security measures, or call the API under another person's identity;",
        'resell or sublease the service without our written consent.',
      ],
    },
    {
      heading: '7. Changes, interruption and termination',
      paragraphs: [
        'We may carry out maintenance or upgrades to keep the service reliable and will give notice in advance where possible. If the service is interrupted by carrier network failures, force majeure or third parties, we will work to restore it but are not liable for indirect losses.',
        'If you breach this Agreement or the law, we may, depending on the severity, warn you, restrict functions, suspend or terminate the service.',
        'You may stop using the Platform and ask to close your account at any time. Please settle outstanding fees and export the data you need first; unused Licenses, data and other resources lapse when the account is closed.',
      ],
    },
    {
      heading: '8. Limitation of liability',
      paragraphs: [
        'To the fullest extent permitted by law, we are not liable for any indirect, incidental or punitive loss arising from the use of or inability to use the Platform, and our total liability under this Agreement is limited to the fees you actually paid for the service concerned in the 12 months before the loss occurred.',
        'Nothing in this section limits liability that cannot be limited by law, including for personal injury or property damage caused by our intent or gross negligence.',
      ],
    },
    {
      heading: '9. Intellectual property',
      paragraphs: [
        'The software, interface design, documentation and marks of the Platform belong to us or the relevant right holders. You may not copy, modify, distribute or otherwise use them commercially without written permission. We may use feedback you submit to improve the product.',
      ],
    },
    {
      heading: '10. Changes to this Agreement and disputes',
      paragraphs: [
        'We may amend this Agreement when laws or our business change. The amended Agreement is published on the Platform and material changes are notified separately. Continuing to use the Platform after a change means you accept the amended Agreement.',
        "This Agreement is governed by the laws of the People's Republic of China. The parties will first try to settle any dispute amicably; failing that, either party may bring proceedings before the competent people's court where we are located.",
      ],
    },
    {
      heading: '11. Contact us',
      paragraphs: [
        "If you have any questions about this Agreement, contact us through Feedback or the online customer service in the console; the support phone number, e-mail address and service hours are shown under Contact us on the console's home page and in the customer-service panel. We will reply within 15 working days.",
      ],
    },
  ],
};
