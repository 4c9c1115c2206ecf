import type { NoticeText, SecurityEvent } from './security-notices.js';

/** The security notices in Hindi (issue 36; docs/hindi-glossary.md), event by event as in English. */
const SECURE_ACCOUNT =
  'अगर यह आप नहीं थे, तो तुरंत अपना पासवर्ड रीसेट करें (लॉगिन स्क्रीन पर "पासवर्ड भूल गए?"), ' +
  'अपनी प्रोफ़ाइल के सुरक्षा पेज से बाकी सभी सत्रों को लॉग आउट करें, और सहायता टीम से संपर्क करें।';
const CONTACT_SUPPORT = 'अगर आप इसे नहीं पहचानते, तो तुरंत सहायता टीम से संपर्क करें।';

export function describeHi(event: SecurityEvent, when: (at: Date) => string): NoticeText {
  switch (event.type) {
    case 'new_login':
      return {
        subject: 'आपके खाते में नया लॉगिन',
        what: ['आपके खाते में ऐसे डिवाइस या पते से लॉग इन किया गया जिसका पहले उपयोग नहीं हुआ था।'],
        react: SECURE_ACCOUNT,
      };
    case 'password_changed':
      return {
        subject: 'आपका पासवर्ड बदल दिया गया',
        what: [
          `आपके खाते का पासवर्ड बदल दिया गया और ${event.kept ? 'बाकी सभी सत्र' : 'सभी सत्र'} लॉग आउट कर दिए गए।`,
          ...resetEvictions(event, when),
        ],
        react: SECURE_ACCOUNT,
      };
    case 'second_factor_added':
      return {
        subject: 'दूसरा फ़ैक्टर जोड़ा गया',
        what: [`आपके खाते में एक दूसरा फ़ैक्टर जोड़ा गया: ${event.method}।`],
        react: SECURE_ACCOUNT,
      };
    case 'second_factor_removed':
      return {
        subject: 'दूसरा फ़ैक्टर हटाया गया',
        what: [`आपके खाते से एक दूसरा फ़ैक्टर हटाया गया: ${event.method}।`],
        react: SECURE_ACCOUNT,
      };
    case 'second_factor_paused':
      return {
        subject: 'दूसरे फ़ैक्टर के गलत कोड',
        what: [
          'आपके खाते के दूसरे फ़ैक्टर के लिए लगातार पाँच गलत कोड दर्ज किए गए, पासवर्ड के बाद या किसी लॉग-इन सत्र में।',
          `${when(event.until)} तक कोई कोड स्वीकार नहीं किया जाएगा।`,
        ],
        react: SECURE_ACCOUNT,
      };
    case 'withdrawal_requested':
      if (event.confirm) return confirmRequestHi(event, event.confirm);
      return {
        subject: 'निकासी का अनुरोध किया गया',
        what: [
          `${event.network} पर ${event.amount} ${event.token} की निकासी का अनुरोध किया गया।`,
          `पता: ${event.address}`,
          'समीक्षा होने तक यह राशि आपके फ़ंडिंग वॉलेट में रोकी गई है।',
          ...(event.cancel
            ? [
                `अगर आपने यह अनुरोध नहीं किया, तो समीक्षा से पहले इसे इस लिंक से रद्द करें (यह एक बार, ${event.cancel.hours} घंटे तक काम करता है): ${event.cancel.url}`,
              ]
            : []),
        ],
        react: `${SECURE_ACCOUNT} लंबित रहते हुए सहायता टीम निकासी रोक सकती है।`,
        ...(event.cancel ? { link: { label: 'यह निकासी रद्द करें', url: event.cancel.url } } : {}),
      };
    case 'withdrawal_cancelled':
      return {
        subject: 'निकासी रद्द की गई',
        what: [
          `${event.network} पर ${event.amount} ${event.token} की आपकी निकासी रद्द कर दी गई।`,
          'राशि आपके फ़ंडिंग वॉलेट में वापस आ गई है।',
        ],
        react: SECURE_ACCOUNT,
      };
    case 'withdraw_address_added':
      return {
        subject: 'निकासी पता सहेजा गया',
        what: [
          `आपकी निकासी पता-पुस्तिका में एक पता सहेजा गया: ${event.label}, ${event.network} पर।`,
          `पता: ${event.address}`,
        ],
        react: SECURE_ACCOUNT,
      };
    case 'bank_account_added':
      return {
        subject: 'बैंक खाता जोड़ा गया',
        what: [
          `आपके खाते में एक बैंक खाता जोड़ा गया: ${event.bank} ${event.account} (IFSC ${event.ifsc})।`,
          'बैंक के आपके नाम से इसका सत्यापन करने के बाद ही इससे रुपये आ और इसमें जा सकेंगे।',
        ],
        react: SECURE_ACCOUNT,
      };
    case 'bank_account_verified':
      return {
        subject: 'बैंक खाता सत्यापित हुआ',
        what: [
          `बैंक खाता ${event.bank} ${event.account} (IFSC ${event.ifsc}) सत्यापित हो गया: बैंक ने पुष्टि की है कि यह आपके नाम पर है।`,
          `इसमें रुपये की निकासी ${when(event.payoutsFrom)} से हो सकेगी।`,
        ],
        react: `${SECURE_ACCOUNT} तब तक सहायता टीम यह खाता हटा सकती है।`,
      };
    case 'withdraw_whitelist_changed':
      return {
        subject: event.enabled ? 'निकासी व्हाइटलिस्ट चालू' : 'निकासी व्हाइटलिस्ट बंद',
        what: [
          event.enabled
            ? 'अब आपके खाते से निकासी केवल आपकी पता-पुस्तिका में सहेजे गए पतों पर ही जा सकती है।'
            : 'अब आपके खाते से निकासी किसी भी पते पर जा सकती है, केवल सहेजे गए पतों पर नहीं।',
          ...(event.heldUntil ? [`${when(event.heldUntil)} तक निकासी रोकी गई है।`] : []),
        ],
        react: SECURE_ACCOUNT,
      };
    case 'anti_phishing_changed':
      return {
        subject: event.removed ? 'एंटी-फ़िशिंग कोड हटाया गया' : 'एंटी-फ़िशिंग कोड बदला गया',
        what: [
          event.removed
            ? 'आपके खाते का एंटी-फ़िशिंग कोड हटा दिया गया: अब हमारे ईमेल में कोई कोड नहीं दिखेगा।'
            : 'आपके खाते का एंटी-फ़िशिंग कोड बदल दिया गया: हमारे हर ईमेल में सबसे ऊपर नया कोड दिखेगा।',
        ],
        react: SECURE_ACCOUNT,
      };
    case 'withdrawal_approved':
      return {
        subject: 'निकासी भेज दी गई',
        what: [
          `${event.network} पर ${event.amount} ${event.token} की आपकी निकासी भेज दी गई।`,
          `पता: ${event.address}`,
          ...(event.txHash ? [`ट्रांज़ैक्शन: ${event.txHash}`] : []),
        ],
        react: CONTACT_SUPPORT,
      };
    case 'withdrawal_rejected':
      return {
        subject: 'निकासी अस्वीकृत',
        what: [
          `${event.network} पर ${event.amount} ${event.token} की आपकी निकासी अस्वीकृत कर दी गई।`,
          `कारण: ${event.reason}`,
          'राशि आपके फ़ंडिंग वॉलेट में वापस आ गई है।',
        ],
        react: CONTACT_SUPPORT,
      };
    case 'deposit_credited':
      return {
        subject: 'जमा राशि क्रेडिट हुई',
        what: [
          `${event.network} पर ${event.amount} ${event.token} की जमा राशि आपके फ़ंडिंग वॉलेट में क्रेडिट कर दी गई।`,
          `ट्रांज़ैक्शन: ${event.txHash}`,
        ],
        react: CONTACT_SUPPORT,
      };
    case 'account_locked':
      return {
        subject: 'आपका खाता लॉक कर दिया गया',
        what: [
          `आपका खाता लॉक कर दिया गया${event.reason ? `: ${event.reason}` : ''}। लॉक रहने तक आप लॉग इन, ट्रेड या निकासी नहीं कर सकते।`,
          event.until
            ? `यह ${when(event.until)} पर अनलॉक होगा।`
            : 'सहायता टीम के अनलॉक करने तक यह लॉक रहेगा।',
        ],
        react: 'अगर आपको इसकी उम्मीद नहीं थी, तो सहायता टीम से संपर्क करें।',
      };
    case 'identity_approved':
      return {
        subject: 'पहचान सत्यापन स्वीकृत',
        what: ['आपका पहचान सत्यापन स्वीकृत हो गया: अब आपके खाते से जमा, निकासी और ट्रेडिंग की जा सकती है।'],
        react: CONTACT_SUPPORT,
      };
    case 'identity_rejected':
      return {
        subject: 'पहचान सत्यापन अस्वीकृत',
        what: [
          'आपका पहचान सत्यापन स्वीकृत नहीं हुआ।',
          `कारण: ${event.reason}`,
          'आप इसे अपनी प्रोफ़ाइल के पहचान सत्यापन से फिर से जमा कर सकते हैं।',
        ],
        react: 'अगर आपका कोई सवाल है, तो सहायता टीम से संपर्क करें।',
      };
  }
}

/** A withdrawal to a new address that waits for the owner to confirm it with this mail (W4-4). */
function confirmRequestHi(
  event: Extract<SecurityEvent, { type: 'withdrawal_requested' }>,
  confirm: { url: string; minutes: number },
): NoticeText {
  return {
    subject: 'अपनी निकासी की पुष्टि करें',
    what: [
      `${event.network} पर ${event.amount} ${event.token} की निकासी का अनुरोध ऐसे पते पर किया गया जिस पर इस खाते से पहले कभी निकासी नहीं हुई।`,
      `पता: ${event.address}`,
      'आपकी पुष्टि तक कुछ नहीं भेजा जाएगा। तब तक राशि आपके फ़ंडिंग वॉलेट में रोकी गई है।',
      `अगर यह अनुरोध आपने किया है, तो ${confirm.minutes} मिनट के अंदर इस लिंक से इसकी पुष्टि करें (यह एक बार काम करता है): ${confirm.url}`,
      `${confirm.minutes} मिनट में पुष्टि न होने पर यह रद्द हो जाएगी और राशि आपके फ़ंडिंग वॉलेट में वापस आ जाएगी।`,
      ...(event.cancel
        ? [`अगर आपने यह अनुरोध नहीं किया, तो इसे अभी इस लिंक से रद्द करें: ${event.cancel.url}`]
        : []),
    ],
    react: `${SECURE_ACCOUNT} सुरक्षा पेज पर ऑथेंटिकेटर ऐप जोड़ने से आपकी निकासी एक कोड से सुरक्षित होती है।`,
    link: { label: 'इस निकासी की पुष्टि करें', url: confirm.url },
  };
}

function resetEvictions(
  event: Extract<SecurityEvent, { type: 'password_changed' }>,
  when: (at: Date) => string,
): string[] {
  const lines: string[] = [];
  const keys = event.apiKeysRevoked ?? 0;
  if (keys > 0)
    lines.push(
      `${keys === 1 ? 'आपकी API कुंजी रद्द' : `आपकी सभी ${keys} API कुंजियाँ रद्द`} कर दी गईं। ज़रूरत हो तो API कुंजियाँ पेज पर नई बनाएँ।`,
    );
  const passkeys = event.suspendedPasskeys ?? [];
  if (passkeys.length > 0)
    lines.push(
      [
        'ये पासकी रीसेट से पहले के 7 दिनों में जोड़ी गई थीं। जब तक आप अपनी प्रोफ़ाइल के सुरक्षा पेज पर इनकी पुष्टि नहीं करते, ये न लॉग इन कर सकती हैं न किसी बात की पुष्टि; जिन्हें आप नहीं पहचानते, उन्हें हटा दें:',
        ...passkeys.map((p) => `- ${p.name}, ${when(p.addedAt)} को जोड़ी गई`),
      ].join('\n'),
    );
  if (event.heldUntil) lines.push(`${when(event.heldUntil)} तक निकासी रोकी गई है।`);
  return lines;
}

/** The labels of a notice's details. */
export const DETAILS_HI = { when: 'कब', from: 'कहाँ से', unknownAddress: 'अज्ञात पता' };
