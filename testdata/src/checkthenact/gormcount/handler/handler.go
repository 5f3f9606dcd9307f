// Package handler is go-payment's layout: the handler package names no
// database library, only the service interface whose implementation (in
// the imported services package) counts and creates over GORM.
package handler

import "checkthenact/gormcount/services"

type Order struct{ ID int64 }

type CallbackHandler struct{ payments services.IPaymentService }

func (h *CallbackHandler) Midtrans(order *Order) { // want Midtrans:`keyOps\(read payments\.order_id of p0\.ID, insert payments\.order_id of p0\.ID; writes: services\.IPaymentService\.Save → services\.IPaymentRepository\.Save → \(\*gorm\.DB\)\.Create\)`
	if !h.payments.CountByOrderId(int(order.ID)) {
		_, _ = h.payments.Save(&services.Payment{OrderID: order.ID, IsPaid: true}) // want `\(\*CallbackHandler\)\.Midtrans checks int\(order\.ID\) with services\.IPaymentService\.CountByOrderId → services\.IPaymentRepository\.CountByOrderId → \(\*gorm\.DB\)\.Count \(line 13\) and inserts it later \(line 14\) without a claim`
	}
}

// Paid only reads: no insert follows the check.
func (h *CallbackHandler) Paid(order *Order) bool { // want Paid:`keyOps\(read payments\.order_id of p0\.ID\)`
	return h.payments.CountByOrderId(int(order.ID))
}
