/**
 * What the server says to users when a request succeeds (issue 47): the `message` of an `ok()`
 * envelope, said in the reader's language by plugins/notices.ts. A plain text is found by its
 * English (the route keeps writing it); one with values is made with `said(key, ...values)`.
 * Spread into `MESSAGES`; the admins' are in admin-messages.ts.
 */
export const NOTICE_MESSAGES = {
  // Logging in and out, sessions, API keys.
  loginSuccessful: { en: 'Login successful', hi: 'लॉग इन हो गया' },
  loggedOut: { en: 'Logged out', hi: 'लॉग आउट हो गया' },
  sessionLoggedOut: { en: 'Session logged out', hi: 'सत्र लॉग आउट हो गया' },
  otherSessionsLoggedOut: { en: 'Other sessions logged out', hi: 'बाकी सभी सत्र लॉग आउट हो गए' },
  apiKeyCreated: {
    en: 'API key created. Copy the secret now: it is not shown again',
    hi: 'API कुंजी बन गई। सीक्रेट अभी कॉपी कर लें: यह दोबारा नहीं दिखाया जाएगा',
  },
  // Settings, favourites, alerts.
  languageSaved: { en: 'Language saved', hi: 'भाषा सहेज ली गई' },
  numberGroupingSaved: { en: 'Number grouping saved', hi: 'अंकों का समूहन सहेज लिया गया' },
  addedToFavorites: { en: 'Added to favorites', hi: 'पसंदीदा में जोड़ दिया गया' },
  removedFromFavorites: { en: 'Removed from favorites', hi: 'पसंदीदा से हटा दिया गया' },
  priceAlertSet: { en: 'Price alert set', hi: 'प्राइस अलर्ट लग गया' },
  priceAlertDeleted: { en: 'Price alert deleted', hi: 'प्राइस अलर्ट हटा दिया गया' },
  notificationsRead: { en: 'Notifications read', hi: 'सूचनाएँ पढ़ ली गईं' },
  // Orders.
  ocoPlaced: { en: 'OCO placed', hi: 'OCO ऑर्डर दे दिया गया' },
  batchProcessed: { en: 'Batch processed', hi: 'बैच प्रोसेस हो गया' },
  ordersCancelled: {
    en: (count: number) => `${count} orders cancelled`,
    hi: (count: number) => `${count} ऑर्डर रद्द हो गए`,
  },
  // Money in and out.
  transferSuccessful: { en: 'Transfer successful', hi: 'ट्रांसफ़र हो गया' },
  depositCredited: {
    en: 'Deposit credited to your funding wallet',
    hi: 'जमा आपके फ़ंडिंग वॉलेट में आ गई',
  },
  depositSubmitted: {
    en: 'Deposit submitted; it will be credited once confirmed',
    hi: 'जमा का अनुरोध भेज दिया गया; पुष्टि होते ही राशि वॉलेट में आ जाएगी',
  },
  rupeeDepositClaimed: {
    en: 'Deposit claimed: it is credited once the bank confirms it',
    hi: 'जमा का दावा दर्ज हो गया: बैंक की पुष्टि होते ही राशि वॉलेट में आ जाएगी',
  },
  withdrawalRequested: { en: 'Withdrawal requested', hi: 'निकासी का अनुरोध भेज दिया गया' },
  withdrawalRequestSubmitted: {
    en: 'Withdrawal request submitted',
    hi: 'निकासी का अनुरोध भेज दिया गया',
  },
  bankAccountAdded: {
    en: 'Bank account added: it can be used once verified',
    hi: 'बैंक खाता जोड़ दिया गया: सत्यापन के बाद इसका इस्तेमाल हो सकेगा',
  },
  bankAccountRemoved: { en: 'Bank account removed', hi: 'बैंक खाता हटा दिया गया' },
};
