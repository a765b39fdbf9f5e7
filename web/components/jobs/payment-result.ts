/** What a card form hands on once the provider has answered: the PaymentIntent's id and status. */
export type TPaymentResultHandler = (paymentIntent: { id: string; status: string }) => Promise<void>;
