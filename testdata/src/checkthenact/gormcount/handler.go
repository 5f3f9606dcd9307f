package gormcount

import "checkthenact/gormcount/services"

type Notification struct{ Order *OrderInfo }

type CallbackHandler struct{ payments services.IPaymentService }

func (h *CallbackHandler) Notify(n Notification) { // want Notify:`keyOps\(read payments\.order_id of p0\.Order\.GetId\(\), insert payments\.order_id of p0\.Order\.GetId\(\); writes: services\.IPaymentService\.Save → services\.IPaymentRepository\.Save → \(\*gorm\.DB\)\.Create\)`
	order := n.Order
	if !h.payments.CountByOrderId(int(order.GetId())) {
		_, _ = h.payments.Save(&services.Payment{OrderID: order.GetId(), IsPaid: true}) // want `\(\*CallbackHandler\)\.Notify checks int\(order\.GetId\(\)\) with services\.IPaymentService\.CountByOrderId → services\.IPaymentRepository\.CountByOrderId → \(\*gorm\.DB\)\.Count \(line 11\) and inserts it later \(line 12\) without a claim`
	}
}
